import type { Timer } from '@butler/contract/timers';
import { MIDNIGHT_NOTE } from '@butler/contract/timers';
import { ActionIcon, Anchor, Button, Chip, Divider, Group, Kbd, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockPlus, IconPlayerStopFilled, IconStopwatch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CustomerPicker } from '../../components/customer-picker';
import { errorText } from '../../lib/api-client';
import { formatHours } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { recentCustomers } from '../../lib/recent-customers';
import { useDiscardTimer, useStartTimer, useStopTimer } from './api';
import { useElapsed } from './elapsed';
import { openNewTimeEntry } from './events';
import classes from './timer.module.css';

/**
 * The timer in the top bar (decision 0640): choosing a customer starts it at once (decision
 * 0741), the running time with a one-click "Stopp" that opens the booking, a stopped time
 * to book or discard, and "Neuer Zeiteintrag" (with its key Alt+N where there is a keyboard).
 */
export function TimerControl({ timer, phone }: { timer: Timer | null; phone: boolean }) {
  const [opened, setOpened] = useState(false);
  // A touch screen has no Alt key to show: the hint only where a mouse (and so a keyboard) is likely.
  const keyboard = useMediaQuery('(pointer: fine)', false, { getInitialValueInEffect: false }) && !phone;
  const start = useStartTimer();
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  const elapsed = useElapsed(timer?.started_at ?? null, timer?.stopped_at ?? null);
  const fail = (cause: unknown) => notifyError(errorText(cause, 'Der Timer konnte nicht geändert werden'));

  const stopAndBook = async () => {
    try {
      const answer = await stop.mutateAsync(undefined);
      setOpened(false);
      if ('timer' in (answer as object) && (answer as { timer: Timer | null }).timer)
        openNewTimeEntry({ timer: (answer as { timer: Timer }).timer });
    } catch (cause) {
      fail(cause);
    }
  };
  const startFor = async (customerId: number) => {
    try {
      await start.mutateAsync({ customer_id: customerId });
      setOpened(false);
    } catch (cause) {
      fail(cause);
    }
  };

  const discardButton = (
    <Button
      variant="default"
      loading={discard.isPending}
      onClick={() => discard.mutateAsync(undefined).then(() => setOpened(false), fail)}
    >
      Verwerfen
    </Button>
  );
  const running = timer && !timer.stopped_at;
  const target = running ? (
    <Button
      variant="white"
      color="red"
      size={phone ? 'compact-sm' : 'sm'}
      leftSection={<span className={classes.dot} aria-hidden />}
      onClick={() => setOpened((o) => !o)}
      aria-label={`Timer läuft: ${elapsed} für ${timer.customer_name}`}
      data-testid="timer-running"
    >
      {phone ? elapsed : `${elapsed} · ${timer.customer_name}`}
    </Button>
  ) : timer ? (
    <Button
      color="orange"
      size={phone ? 'compact-sm' : 'sm'}
      leftSection={<IconStopwatch size={16} aria-hidden />}
      onClick={() => setOpened((o) => !o)}
      data-testid="timer-stopped"
    >
      {phone ? formatHours(timer.hours) : `Buchen: ${formatHours(timer.hours)}`}
    </Button>
  ) : (
    // No tooltip over the open popover, none on a touch screen (a tap would show it).
    <Tooltip label="Timer und Zeiterfassung" withinPortal disabled={opened || !keyboard}>
      <ActionIcon
        variant="subtle"
        c="white"
        size="lg"
        aria-label="Timer"
        onClick={() => setOpened((o) => !o)}
        data-testid="timer-idle"
      >
        <IconStopwatch size={22} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Group gap={4} wrap="nowrap">
      <Popover opened={opened} onChange={setOpened} width={phone ? 'target' : 320} position="bottom-end" withinPortal>
        <Popover.Target>{target}</Popover.Target>
        <Popover.Dropdown miw={phone ? 300 : undefined} data-testid="timer-popover">
          {running ? (
            <Stack gap="sm">
              <Text size="sm">
                Läuft seit {timer.from} Uhr für <b>{timer.customer_name}</b>
                {timer.order && (
                  <>
                    {' '}
                    · Auftrag{' '}
                    <Anchor
                      component={Link}
                      to={`/admin/auftraege/${timer.order.id}`}
                      size="sm"
                      data-testid="timer-order"
                    >
                      {timer.order.number} {timer.order.title}
                    </Anchor>
                  </>
                )}
              </Text>
              <Group grow>
                <Button
                  color="red"
                  leftSection={<IconPlayerStopFilled size={16} />}
                  onClick={stopAndBook}
                  loading={stop.isPending}
                >
                  Stopp
                </Button>
                {discardButton}
              </Group>
            </Stack>
          ) : timer ? (
            <Stack gap="sm">
              <Text size="sm">
                Gestoppt: {timer.from}–{timer.to} Uhr ({formatHours(timer.hours)}) für <b>{timer.customer_name}</b>
                {timer.order ? ` · ${timer.order.number}` : ''}
              </Text>
              {timer.stopped_at_midnight && (
                <Text size="xs" c="dimmed">
                  {MIDNIGHT_NOTE}
                </Text>
              )}
              <Group grow>
                <Button
                  onClick={() => {
                    setOpened(false);
                    openNewTimeEntry({ timer });
                  }}
                >
                  Buchen
                </Button>
                {discardButton}
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm">
              {recentCustomers().length > 0 && (
                <Group gap={6} role="group" aria-label="Timer für zuletzt gebuchte Kunden starten">
                  {recentCustomers().map((c) => (
                    <Chip key={c.id} size="xs" checked={false} onChange={() => void startFor(c.id)}>
                      {c.label}
                    </Chip>
                  ))}
                </Group>
              )}
              {/* The picker's list inside the popover: a list in a portal counted as a click outside,
                  which closed the popover before the choice arrived (decision 0741). */}
              <CustomerPicker
                value={null}
                onChange={(id) => id !== null && void startFor(id)}
                label="Timer starten für"
                description="Der Timer läuft ab der Auswahl"
                disabled={start.isPending}
                comboboxProps={{ withinPortal: false }}
                // The popover is 300 px wide on a phone: the long hint was cut off there.
                {...(phone ? { placeholder: 'Kunde suchen...' } : {})}
              />
              <Divider />
              <Button
                variant="light"
                leftSection={<IconClockPlus size={16} />}
                aria-keyshortcuts={keyboard ? 'Alt+N' : undefined}
                onClick={() => {
                  setOpened(false);
                  openNewTimeEntry();
                }}
              >
                Neuer Zeiteintrag
                {keyboard && (
                  <Text span ml={6} size="xs" aria-hidden>
                    <Kbd size="xs">Alt</Kbd>+<Kbd size="xs">N</Kbd>
                  </Text>
                )}
              </Button>
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
      {running && (
        // On a phone a tap leaves a tooltip standing over the popover; the button's name says it.
        <Tooltip label="Stopp und buchen" withinPortal disabled={phone}>
          <ActionIcon
            color="red"
            variant="filled"
            size={phone ? 'md' : 'lg'}
            aria-label="Stopp und buchen"
            onClick={stopAndBook}
            loading={stop.isPending}
          >
            <IconPlayerStopFilled size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

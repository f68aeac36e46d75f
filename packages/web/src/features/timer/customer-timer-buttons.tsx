import { Button, Tooltip } from '@mantine/core';
import { IconClockPlus, IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { errorText } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { useStartTimer, useStopTimer, useTimer } from './api';
import { useElapsed } from './elapsed';
import { openNewTimeEntry } from './events';

/**
 * "Timer starten" / "Timer stoppen" and "Zeit erfassen" (the "Neuer Zeiteintrag" dialog) on a customer's page
 * (decision 0640): one click starts the timer for this customer, one stops it and opens the
 * booking with its time.
 */
export function CustomerTimerButtons({ customerId }: { customerId: number }) {
  const timer = useTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const current = timer.data?.timer ?? null;
  const elapsed = useElapsed(current?.started_at ?? null, current?.stopped_at ?? null);
  const fail = (cause: unknown) => notifyError(errorText(cause, 'Der Timer konnte nicht geändert werden'));
  const mine = current?.customer_id === customerId;

  let timerButton = (
    <Button
      variant="light"
      color="red"
      leftSection={<IconPlayerPlayFilled size={16} />}
      loading={start.isPending}
      disabled={timer.isPending}
      onClick={() => start.mutateAsync({ customer_id: customerId }).catch(fail)}
    >
      Timer starten
    </Button>
  );
  if (current && mine && !current.stopped_at) {
    timerButton = (
      <Button
        color="red"
        leftSection={<IconPlayerStopFilled size={16} />}
        loading={stop.isPending}
        onClick={async () => {
          try {
            const answer = (await stop.mutateAsync(undefined)) as { timer: NonNullable<typeof current> };
            openNewTimeEntry({ timer: answer.timer });
          } catch (cause) {
            fail(cause);
          }
        }}
      >
        Timer stoppen ({elapsed})
      </Button>
    );
  } else if (current) {
    timerButton = (
      <Tooltip
        label={
          mine
            ? 'Die gestoppte Zeit wartet auf ihre Buchung (oben im Timer)'
            : `Der Timer läuft für ${current.customer_name}`
        }
        withinPortal
      >
        <Button
          variant="light"
          color="orange"
          leftSection={<IconPlayerPlayFilled size={16} />}
          onClick={() => (mine ? openNewTimeEntry({ timer: current }) : undefined)}
          data-disabled={!mine || undefined}
        >
          {mine ? 'Gestoppte Zeit buchen' : 'Timer läuft woanders'}
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      {timerButton}
      <Button leftSection={<IconClockPlus size={16} />} onClick={() => openNewTimeEntry({ customerId })}>
        Zeit erfassen
      </Button>
    </>
  );
}

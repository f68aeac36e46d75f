import { PACKAGE_CHANGE_NEUTRAL, PACKAGE_CHANGE_TEXTS } from '@butler/contract/package-change-texts';
import type { PackageRequest } from '@butler/contract/subscription-requests';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconCalendarRepeat, IconCircleCheck, IconInfoCircle, IconMessage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { packageChangeQuery, withdrawWish } from './package-change-query';

const PackageChangeDialog = lazy(async () => ({
  default: (await import('./package-change-dialog')).PackageChangeDialog,
}));
const RenewDialog = lazy(async () => ({ default: (await import('./renew-dialog')).RenewDialog }));

const words = (r: PackageRequest) => ({
  name: r.template_name,
  hours: formatHours(r.monthly_hours),
  from: formatDate(r.effective_from),
  until: formatDate(r.end_date),
});

/** The open wish, with "Zurückziehen" for the customer. */
function OpenWish({ wish, onWithdraw }: { wish: PackageRequest; onWithdraw: (() => void) | null }) {
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="package-wish-open">
      <Stack gap="xs">
        <Text size="sm">{wish.kind === 'renew' ? t.openRenew(words(wish)) : t.openChange(words(wish))}</Text>
        {onWithdraw && (
          <Group>
            <Button size="compact-sm" variant="subtle" onClick={onWithdraw}>
              Wunsch zurückziehen
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** The newest answer: accepted (green, with a tick) or declined (grey, with the team's note). */
function Answer({ wish }: { wish: PackageRequest }) {
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  const accepted = wish.state === 'accepted';
  const text = !accepted
    ? t.declined
    : wish.kind === 'renew'
      ? t.acceptedRenew(words(wish))
      : t.acceptedChange(words(wish));
  return (
    <Alert
      color={accepted ? 'green' : 'gray'}
      variant="light"
      icon={accepted ? <IconCircleCheck size={18} aria-hidden /> : <IconMessage size={18} aria-hidden />}
      data-testid="package-wish-answer"
    >
      <Stack gap={4}>
        <Text size="sm">{text}</Text>
        {wish.answer_note && <Text size="sm">{PACKAGE_CHANGE_NEUTRAL.noteLine(wish.answer_note)}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * "Paket ändern" and "Verlängern" on the lounge's ButlerPaket card (decision 0851): the
 * open wish or the newest answer, and the two buttons while a wish is possible. In the
 * staff's view of the lounge only what is there (staff answer on the customer page).
 */
export function PackageChangeSection({ customerId, adminView }: { customerId: number; adminView: boolean }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  const query = useQuery({ ...packageChangeQuery(customerId), enabled: !adminView || can('subscriptions.read') });
  const [dialog, setDialog] = useState<'change' | 'renew' | 'withdraw' | null>(null);
  const options = query.data;
  if (!options) return null;
  const open = options.open;
  const close = () => setDialog(null);
  const reason = !options.open && !options.change.possible ? options.change.reason : null;

  return (
    <Stack gap="sm" mt="md" data-testid="package-change">
      {options.open ? (
        <OpenWish wish={options.open} onWithdraw={adminView ? null : () => setDialog('withdraw')} />
      ) : (
        options.last_answer && <Answer wish={options.last_answer} />
      )}
      {!adminView && (options.change.possible || options.renew.possible) && (
        <Group justify="center" gap="sm">
          {options.change.possible && (
            <Button
              variant="light"
              color="blue"
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => setDialog('change')}
            >
              Paket ändern
            </Button>
          )}
          {options.renew.possible && (
            <Button
              variant="light"
              color="blue"
              leftSection={<IconCalendarRepeat size={16} aria-hidden />}
              onClick={() => setDialog('renew')}
            >
              Verlängern
            </Button>
          )}
        </Group>
      )}
      {!adminView && reason && options.renew.possible && (
        <Text size="xs" c="dimmed" ta="center">
          {reason}
        </Text>
      )}
      <Suspense fallback={null}>
        {dialog === 'change' && <PackageChangeDialog options={options} customerId={customerId} onClose={close} />}
        {dialog === 'renew' && <RenewDialog options={options} customerId={customerId} onClose={close} />}
      </Suspense>
      {open && (
        <ConfirmDialog
          opened={dialog === 'withdraw'}
          title="Wunsch zurückziehen?"
          message={t.withdrawAsk}
          confirmLabel="Zurückziehen"
          errorFallback="Fehler beim Zurückziehen"
          onConfirm={async () => {
            await withdrawWish(queryClient, customerId, open.id);
            notifySuccess(t.withdrawn);
          }}
          onClose={close}
        />
      )}
    </Stack>
  );
}

import type { Subscription } from '@butler/contract/subscriptions';
import { IconCalendarRepeat, IconHistory, IconReceipt } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { addDaysIso } from '../../../../components/date-field';
import { formatDate } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { SubscriptionBillingDialog, useSubscriptionBillingActions } from '../../../quickbill';
import { useDeleteSubscription } from '../../api/subscriptions';
import { SubscriptionDialog } from '../panels/subscription-dialog';
import { SubscriptionHistoryDialog } from '../panels/subscription-history-dialog';
import { templateName } from '../panels/subscription-math';
import type { RowAction } from '../row-actions';
import { useRowDialogs } from './use-row-dialogs';

/**
 * History, billing months, renewal, edit and delete of a ButlerPaket, for every list of
 * ButlerPakete; `renew(s)` opens the renewal question (the staff mail links to it).
 */
export function useSubscriptionRows(customerId?: number) {
  const remove = useDeleteSubscription();
  const [history, setHistory] = useState<number | null>(null);
  const [billing, setBilling] = useState<Subscription | null>(null);
  const [renewing, setRenewing] = useState<Subscription | null>(null);
  const renew = useCallback((s: Subscription) => setRenewing(s), []);
  const { renew: renewMutation } = useSubscriptionBillingActions();
  const can = useCan();
  const mayWrite = can('subscriptions.write');
  const rows = useRowDialogs<Subscription>({
    mayEdit: () => mayWrite,
    mayDelete: () => mayWrite,
    more: (s) => [
      ...(can('invoices.read')
        ? [
            {
              label: `Abrechnung von ${templateName(s)} anzeigen`,
              icon: <IconReceipt size={18} />,
              onClick: () => setBilling(s),
            },
          ]
        : []),
      ...(mayWrite
        ? [{ label: `${templateName(s)} verlängern`, icon: <IconCalendarRepeat size={18} />, onClick: () => renew(s) }]
        : []),
    ],
    edit: (s) => `${templateName(s)} bearbeiten`,
    remove: (s) => `${templateName(s)} löschen`,
  });
  const deleting = rows.deleting;
  const actions = (s: Subscription): RowAction[] => [
    ...(can('customers.dashboard')
      ? [
          {
            label: `Verlauf von ${templateName(s)} anzeigen`,
            icon: <IconHistory size={18} />,
            onClick: () => setHistory(s.id),
          },
        ]
      : []),
    ...rows.actions(s),
  ];
  const dialogs = (
    <>
      <SubscriptionDialog
        opened={rows.editing !== null}
        subscription={rows.editing?.row ?? null}
        customerId={customerId}
        onClose={rows.closeEdit}
      />
      <SubscriptionHistoryDialog subscriptionId={history} onClose={() => setHistory(null)} />
      {billing && <SubscriptionBillingDialog subscription={billing} onClose={() => setBilling(null)} />}
      <ConfirmDialog
        opened={renewing !== null}
        title="ButlerPaket verlängern?"
        message={
          renewing
            ? `„${templateName(renewing)}“ von ${renewing.customer_name} wird zu gleichen Bedingungen um ${renewing.duration_months} Monate verlängert: ein neues ButlerPaket vom ${formatDate(addDaysIso(renewing.end_date, 1))} an.`
            : ''
        }
        confirmLabel="Verlängern"
        errorFallback="Fehler beim Verlängern des ButlerPakets"
        onConfirm={async () => {
          if (!renewing) return;
          const next = await renewMutation.mutateAsync(renewing.id);
          notifySuccess(`ButlerPaket verlängert bis ${formatDate(next.end_date)}`);
        }}
        onClose={() => setRenewing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="ButlerPaket löschen"
        message={`Sind Sie sicher, dass Sie das ButlerPaket „${deleting ? templateName(deleting) : ''}“ von ${deleting?.customer_name} (${formatDate(deleting?.start_date)} – ${formatDate(deleting?.end_date)}) löschen möchten? Sind in seiner Laufzeit Zeiteinträge gebucht, verschieben oder löschen Sie diese zuerst.`}
        errorFallback="Fehler beim Löschen des ButlerPakets"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('ButlerPaket erfolgreich gelöscht');
        }}
        onClose={rows.closeDelete}
      />
    </>
  );
  return { actions, create: rows.create, mayCreate: mayWrite, renew, dialogs };
}

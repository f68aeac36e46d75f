import type { Subscription } from '@butler/contract/subscriptions';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { formatDate } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useDeleteSubscription } from '../../api/subscriptions';
import { SubscriptionDialog } from '../panels/subscription-dialog';
import { SubscriptionHistoryDialog } from '../panels/subscription-history-dialog';
import { templateName } from '../panels/subscription-math';
import type { RowAction } from '../row-actions';
import { useRowDialogs } from './use-row-dialogs';

/** History, edit and delete of a ButlerPaket, for every list of ButlerPakete. */
export function useSubscriptionRows(customerId?: number) {
  const remove = useDeleteSubscription();
  const [history, setHistory] = useState<number | null>(null);
  const can = useCan();
  const mayWrite = can('subscriptions.write');
  const rows = useRowDialogs<Subscription>({
    mayEdit: () => mayWrite,
    mayDelete: () => mayWrite,
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
  return { actions, create: rows.create, mayCreate: mayWrite, dialogs };
}

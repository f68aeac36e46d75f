import type { HourPackage } from '@butler/contract/hour-packages';
import { Stack } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { errorText } from '../../../../lib/api-client';
import { refreshBackOffice } from '../../../../lib/back-office';
import { formatDate, formatHours } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useInvoiceActions } from '../../../quickbill';
import { useDeleteHourPackage } from '../../api/hour-packages';
import { HourPackageDialog } from '../panels/hour-package-dialog';
import { useRowDialogs } from './use-row-dialogs';

/** Edit and delete of an hour package, for every list of hour packages. */
export function useHourPackageRows(customerId?: number) {
  const remove = useDeleteHourPackage();
  const can = useCan();
  const mayWrite = can('hour_packages.write');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { fromHourPackage } = useInvoiceActions();
  const rows = useRowDialogs<HourPackage>({
    mayEdit: () => mayWrite,
    mayDelete: () => mayWrite,
    more: (p) =>
      p.invoice || !can('invoices.write')
        ? []
        : [
            {
              label: `Rechnung für das Stundenpaket vom ${formatDate(p.purchase_date)} erstellen`,
              icon: <IconFileInvoice size={18} />,
              onClick: () =>
                fromHourPackage.mutate(p.id, {
                  onSuccess: (draft) => {
                    refreshBackOffice(queryClient);
                    notifySuccess('Rechnungsentwurf erstellt');
                    navigate(`/admin/quickbill/invoices/${draft.id}`);
                  },
                  onError: (error) => notifyError(errorText(error, 'Fehler beim Erstellen der Rechnung')),
                }),
            },
          ],
    edit: (p) => `Stundenpaket vom ${formatDate(p.purchase_date)} bearbeiten`,
    remove: (p) => `Stundenpaket vom ${formatDate(p.purchase_date)} löschen`,
  });
  const deleting = rows.deleting;
  const dialogs = (
    <>
      <HourPackageDialog
        opened={rows.editing !== null}
        pkg={rows.editing?.row ?? null}
        customerId={customerId}
        onClose={rows.closeEdit}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Stundenpaket löschen"
        message={
          <Stack gap={4} component="span">
            <span>
              Sind Sie sicher, dass Sie das Stundenpaket über {formatHours(deleting?.hours)} von{' '}
              {deleting?.customer_name} (gekauft am {formatDate(deleting?.purchase_date)}) löschen möchten?
            </span>
            <span>Bereits gebuchte Stunden bleiben erhalten und verringern dann das restliche Guthaben.</span>
          </Stack>
        }
        errorFallback="Fehler beim Löschen des Stundenpakets"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Stundenpaket erfolgreich gelöscht');
        }}
        onClose={rows.closeDelete}
      />
    </>
  );
  return { actions: rows.actions, create: rows.create, mayCreate: mayWrite, dialogs };
}

import type { HourPackage } from '@butler/contract/hour-packages';
import { Stack } from '@mantine/core';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { formatDate, formatHours } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useDeleteHourPackage } from '../../api/hour-packages';
import { HourPackageDialog } from '../panels/hour-package-dialog';
import { useRowDialogs } from './use-row-dialogs';

/** Edit and delete of an hour package, for every list of hour packages. */
export function useHourPackageRows(customerId?: number) {
  const remove = useDeleteHourPackage();
  const mayWrite = useCan()('hour_packages.write');
  const rows = useRowDialogs<HourPackage>({
    mayEdit: () => mayWrite,
    mayDelete: () => mayWrite,
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

import type { TimeEntry } from '@butler/contract/time-entries';
import { Stack } from '@mantine/core';
import { useCan } from '../../../../app/permissions';
import { useSession } from '../../../../app/session-context';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { billingTypeName, formatDate, formatHours } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { TimeEntryFormDialog, useDeleteTimeEntry } from '../../../time-entries';
import { useRowDialogs } from './use-row-dialogs';

/**
 * Edit and delete of a time entry, for every list of time entries. Who may change which entry
 * (decision 0540): the Büro and the Inhaber any, a Butler their own (the server also keeps a
 * Butler to their number of days and says so).
 */
export function useTimeEntryRows(customerId?: number, hoursStep?: number) {
  const remove = useDeleteTimeEntry();
  const can = useCan();
  const { user } = useSession();
  const username = user && 'username' in user ? user.username : null;
  const mayChange = (entry: TimeEntry) =>
    can('time_entries.manage') || (can('time_entries.book') && entry.created_by === username);
  const rows = useRowDialogs<TimeEntry>({
    mayEdit: mayChange,
    mayDelete: mayChange,
    edit: (e) => `Zeiteintrag vom ${formatDate(e.work_date)} bearbeiten`,
    remove: (e) => `Zeiteintrag vom ${formatDate(e.work_date)} löschen`,
  });
  const deleting = rows.deleting;
  const dialogs = (
    <>
      <TimeEntryFormDialog
        opened={rows.editing !== null}
        entry={rows.editing?.row ?? null}
        customerId={customerId}
        hoursStep={hoursStep}
        onClose={rows.closeEdit}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Zeiteintrag löschen"
        message={
          <Stack gap={4} component="span">
            <span>
              Sind Sie sicher, dass Sie den Zeiteintrag vom {formatDate(deleting?.work_date)} (
              {formatHours(deleting?.hours)}, {deleting?.project_name}) löschen möchten?
            </span>
            <span>Die Stunden werden dem {billingTypeName(deleting?.billing_type ?? '')} wieder gutgeschrieben.</span>
          </Stack>
        }
        errorFallback="Fehler beim Löschen des Zeiteintrags"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Zeiteintrag erfolgreich gelöscht');
        }}
        onClose={rows.closeDelete}
      />
    </>
  );
  return { actions: rows.actions, create: rows.create, mayCreate: can('time_entries.book'), dialogs };
}

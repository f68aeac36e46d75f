import type { TimeEntry } from '@butler/contract/time-entries';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { billingTypeName, formatDate, formatHours, truncate } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { PAGE_SIZE } from '../../api/keys';
import { useDeleteTimeEntry, useTimeEntries } from '../../api/time-entries';
import { BillingBadge } from '../billing-badge';
import { RowActions } from '../row-actions';
import { useEntryActions } from '../row-rights';
import { TimeEntriesExport } from './time-entries-export';
import { TimeEntryFormDialog } from './time-entry-form-dialog';

/** Management panel 2 (SPEC §2): time entries of all customers or of one, newest first. */
export function TimeEntriesPanel({ customerId }: { customerId?: number }) {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ entry: TimeEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const query = useTimeEntries({ page, pageSize: PAGE_SIZE, customerId });
  const remove = useDeleteTimeEntry();

  const can = useCan();
  const { mayBook, actions } = useEntryActions({
    onEdit: (entry) => setDialog({ entry }),
    onDelete: setDeleting,
  });
  const columns: Column<TimeEntry>[] = [
    { key: 'date', label: 'Datum', render: (e) => formatDate(e.work_date), hideOnCard: true },
    ...(customerId
      ? []
      : [{ key: 'customer', label: 'Kunde', render: (e: TimeEntry) => e.customer_name || 'Unbekannt' }]),
    { key: 'project', label: 'Projekt', render: (e) => e.project_name || 'Unbekannt' },
    {
      key: 'hours',
      label: 'Stunden',
      render: (e) => (
        <Group gap={6} wrap="nowrap" justify="inherit">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatHours(e.hours)}
          </Text>
          <BillingBadge type={e.billing_type} />
        </Group>
      ),
    },
    { key: 'activity', label: 'Aktivität', render: (e) => truncate(e.activity_description, 50) },
    { key: 'by', label: 'Erfasst von', render: (e) => e.created_by },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (e) => <RowActions actions={actions(e)} />,
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text fw={600} size="lg">
          Zeiterfassung
        </Text>
        <Group gap="xs" wrap="wrap">
          {can('exports.read') && <TimeEntriesExport customerId={customerId} />}
          {mayBook && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ entry: null })}>
              Neuer Zeiteintrag
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine Zeiteinträge vorhanden" />
      ) : (
        <>
          <ResponsiveList
            rows={query.data.items}
            columns={columns}
            rowKey={(e) => e.id}
            cardTitle={(e) => formatDate(e.work_date)}
            cardActions={(e) => <RowActions actions={actions(e)} />}
            caption="Zeiteinträge"
          />
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      <TimeEntryFormDialog
        opened={dialog !== null}
        entry={dialog?.entry ?? null}
        customerId={customerId}
        onClose={() => setDialog(null)}
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
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

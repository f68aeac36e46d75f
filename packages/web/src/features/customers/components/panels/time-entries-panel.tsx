import type { TimeEntry } from '@butler/contract/time-entries';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../../app/permissions';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatHours, truncate } from '../../../../lib/format';
import { useTimeEntries } from '../../../time-entries';
import { BillingBadge } from '../billing-badge';
import { RowActions } from '../row-actions';
import { useTimeEntryRows } from '../rows/time-entry-rows';
import { TimeEntriesExport } from './time-entries-export';

/** Management panel 2 (SPEC §2): time entries of all customers or of one, newest first. */
export function TimeEntriesPanel({ customerId }: { customerId?: number }) {
  const [page, setPage] = useState(1);
  const query = useTimeEntries({ page, pageSize: PAGE_SIZE, customerId });
  const rows = useTimeEntryRows(customerId);
  const can = useCan();

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
      render: (e) => <RowActions actions={rows.actions(e)} />,
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
          {rows.mayCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => rows.create()}>
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
            cardActions={(e) => <RowActions actions={rows.actions(e)} />}
            caption="Zeiteinträge"
          />
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {rows.dialogs}
    </>
  );
}

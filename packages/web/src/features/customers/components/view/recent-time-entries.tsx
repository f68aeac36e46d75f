import type { TimeEntry } from '@butler/contract/time-entries';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatHours } from '../../../../lib/format';
import { useTimeEntries } from '../../../time-entries';
import { BillingBadge } from '../billing-badge';
import { RowActions } from '../row-actions';
import { useTimeEntryRows } from '../rows/time-entry-rows';

/** SPEC §9: five entries until expanded. */
const COLLAPSED = 5;

/** Recent time entries of the admin customer view with add, edit and delete. */
export function RecentTimeEntries({ customerId }: { customerId: number }) {
  const [expanded, setExpanded] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = expanded ? PAGE_SIZE : COLLAPSED;
  const query = useTimeEntries({ customerId, page: expanded ? page : 1, pageSize });
  const rows = useTimeEntryRows(customerId, 0.5);
  const total = query.data?.total ?? 0;

  const columns: Column<TimeEntry>[] = [
    { key: 'date', label: 'Datum', render: (e) => formatDate(e.work_date), hideOnCard: true },
    { key: 'project', label: 'Projekt', render: (e) => e.project_name || 'Unbekannt' },
    {
      key: 'hours',
      label: 'Stunden',
      render: (e) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatHours(e.hours)}
        </Text>
      ),
    },
    {
      key: 'activity',
      label: 'Aktivität',
      render: (e) => (
        <Text size="sm" lineClamp={2}>
          {e.activity_description}
        </Text>
      ),
    },
    { key: 'billing', label: 'Butler/Stunde', render: (e) => <BillingBadge type={e.billing_type} /> },
    {
      key: 'billable',
      label: 'Abrechenbar',
      render: (e) => (
        <Badge variant="light" color={e.is_billable ? 'teal' : 'gray'}>
          {e.is_billable ? 'Ja' : 'Nein'}
        </Badge>
      ),
    },
    { key: 'by', label: 'Erstellt von', render: (e) => e.created_by },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (e) => <RowActions actions={rows.actions(e)} />,
    },
  ];

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Zeiteinträge
        </Title>
        {rows.mayCreate && (
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => rows.create()}>
            Zeiteintrag hinzufügen
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Noch keine Zeiteinträge vorhanden" />
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
          {expanded && <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />}
          {total > COLLAPSED && (
            <Group justify="center" mt="sm">
              <Button
                variant="subtle"
                rightSection={expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                onClick={() => {
                  setExpanded(!expanded);
                  setPage(1);
                }}
              >
                {expanded ? 'Weniger anzeigen' : `Alle ${total} Einträge anzeigen`}
              </Button>
            </Group>
          )}
        </>
      )}
      {rows.dialogs}
    </Card>
  );
}

import type { TimeEntry } from '@butler/contract/time-entries';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { formatDate, formatHours } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { PAGE_SIZE } from '../../api/keys';
import { useDeleteTimeEntry, useTimeEntries } from '../../api/time-entries';
import { BillingBadge } from '../billing-badge';
import { TimeEntryFormDialog } from '../panels/time-entry-form-dialog';
import { RowActions } from '../row-actions';
import { useEntryActions } from '../row-rights';

/** SPEC §9: five entries until expanded. */
const COLLAPSED = 5;

/** Recent time entries of the admin customer view with add, edit and delete. */
export function RecentTimeEntries({ customerId }: { customerId: number }) {
  const [expanded, setExpanded] = useState(false);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ entry: TimeEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const pageSize = expanded ? PAGE_SIZE : COLLAPSED;
  const query = useTimeEntries({ customerId, page: expanded ? page : 1, pageSize });
  const remove = useDeleteTimeEntry();
  const total = query.data?.total ?? 0;

  const { mayBook, actions } = useEntryActions({
    onEdit: (entry) => setDialog({ entry }),
    onDelete: setDeleting,
  });
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
      render: (e) => <RowActions actions={actions(e)} />,
    },
  ];

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Zeiteinträge
        </Title>
        {mayBook && (
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ entry: null })}>
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
            cardActions={(e) => <RowActions actions={actions(e)} />}
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
      <TimeEntryFormDialog
        opened={dialog !== null}
        entry={dialog?.entry ?? null}
        customerId={customerId}
        hoursStep={0.5}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Zeiteintrag löschen"
        message={`Sind Sie sicher, dass Sie den Zeiteintrag vom ${formatDate(deleting?.work_date)} (${formatHours(deleting?.hours)}, ${deleting?.project_name}) löschen möchten?`}
        errorFallback="Fehler beim Löschen des Zeiteintrags"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Zeiteintrag erfolgreich gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

import { type ExpiringSubscription, OVERVIEW_PAGE_SIZE } from '@butler/contract/admin-dashboard';
import { Button, Card, Group, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useOverviewList } from '../api/queries';

/** 'Ablaufende BUTLER-Pakete': subscriptions ending this or next month, paged; cards on phones. */
export function ExpiringList() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = useOverviewList<ExpiringSubscription>('admin-expiring', '/api/admin/expiring-subscriptions', page);
  const open = (row: ExpiringSubscription) => navigate(`/admin/customers/${row.customer_id}/view`);
  const columns: Column<ExpiringSubscription>[] = [
    { key: 'customer', label: 'Kunde', render: (row) => row.customer_name, hideOnCard: true },
    { key: 'package', label: 'Paket', render: (row) => row.template_name || 'Individuell' },
    { key: 'end', label: 'Enddatum', render: (row) => formatDate(row.end_date) },
    {
      key: 'action',
      label: 'Aktion',
      align: 'right',
      hideOnCard: true,
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => open(row)}>
          Kunde anzeigen
        </Button>
      ),
    },
  ];
  return (
    <Card component="section" aria-label="Ablaufende BUTLER-Pakete">
      <Group gap="sm" mb="md" wrap="nowrap">
        <IconCalendarDue size={22} color="var(--mantine-color-orange-6)" aria-hidden />
        <Text component="h2" fw={600} ff="heading" fz="lg" c="navy.9" m={0}>
          Ablaufende BUTLER-Pakete (aktueller & nächster Monat)
        </Text>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade ablaufende ButlerPakete..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState text="Keine BUTLER-Pakete laufen in den nächsten zwei Monaten ab." />
      ) : (
        <>
          <ResponsiveList
            rows={query.data.items}
            columns={columns}
            rowKey={(row) => row.id}
            cardTitle={(row) => row.customer_name}
            onCardClick={open}
            caption="Ablaufende BUTLER-Pakete"
          />
          <Pager page={page} total={query.data.total} pageSize={OVERVIEW_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Card>
  );
}

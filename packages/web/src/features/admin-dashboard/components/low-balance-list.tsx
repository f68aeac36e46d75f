import { OVERVIEW_PAGE_SIZE } from '@butler/contract/admin-dashboard';
import type { LowBalanceCustomer } from '@butler/contract/balance-alerts';
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconBatteryVertical2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NEGATIVE_TEXT } from '../../../app/theme';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDate, formatNumber } from '../../../lib/format';
import { useOverviewList } from '../api/queries';

/** "Knappes Guthaben": customers over a low-balance threshold today, with their figures; cards on phones. */
export function LowBalanceList() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = useOverviewList<LowBalanceCustomer>('low-balances', '/api/admin/low-balances', page);
  const open = (row: LowBalanceCustomer) => navigate(`/admin/customers/${row.customer_id}/view`);
  const columns: Column<LowBalanceCustomer>[] = [
    { key: 'customer', label: 'Kunde', render: (row) => row.customer_name, hideOnCard: true },
    {
      key: 'kind',
      label: 'Guthaben',
      render: (row) => (
        <Badge variant="light" color={row.kind === 'butler' ? 'blue' : 'orange'}>
          {row.kind === 'butler' ? 'ButlerPaket' : 'Stundenpakete'}
        </Badge>
      ),
    },
    { key: 'until', label: 'Monat bis', render: (row) => (row.period_end ? formatDate(row.period_end) : '–') },
    {
      key: 'used',
      label: 'Genutzt',
      render: (row) =>
        `${formatNumber(row.hours_used)} h von ${formatNumber(row.hours_total)} h (${row.percent_used}\u00a0%)`,
    },
    {
      key: 'remaining',
      label: 'Verbleibend',
      align: 'right',
      render: (row) => (
        <Text span fw={600} c={row.hours_remaining < 0 ? NEGATIVE_TEXT : undefined}>
          {row.hours_remaining < 0
            ? `Minus ${formatNumber(-row.hours_remaining)} h`
            : `${formatNumber(row.hours_remaining)} h`}
        </Text>
      ),
    },
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
    <Card component="section" aria-label="Knappes Guthaben" data-testid="low-balance-list">
      <Group gap="sm" mb="md" wrap="nowrap">
        <IconBatteryVertical2 size={22} color="var(--mantine-color-yellow-8)" aria-hidden />
        <Text component="h2" fw={600} ff="heading" fz="lg" c="navy.9" m={0}>
          Knappes Guthaben
        </Text>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade knappe Guthaben..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState text="Alle Kunden haben genug Guthaben" />
      ) : (
        <>
          <ResponsiveList
            rows={query.data.items}
            columns={columns}
            rowKey={(row) => `${row.customer_id}-${row.kind}`}
            cardTitle={(row) => row.customer_name}
            onCardClick={open}
            caption="Knappes Guthaben"
          />
          <Pager page={page} total={query.data.total} pageSize={OVERVIEW_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Card>
  );
}

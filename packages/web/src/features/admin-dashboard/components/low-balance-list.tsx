import { OVERVIEW_PAGE_SIZE } from '@butler/contract/admin-dashboard';
import type { LowBalanceCustomer } from '@butler/contract/balance-alerts';
import { periodMonthName, usableLines } from '@butler/contract/usable-hours-words';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBatteryVertical2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatHours } from '../../../lib/format';
import { useOverviewList } from '../api/queries';

const customerHref = (row: LowBalanceCustomer) => `/admin/customers/${row.customer_id}/view`;

/** What the customer has used of what they hold: this ButlerPaket month and the Stundenpakete. */
function used(row: LowBalanceCustomer) {
  const { butler, packages } = row.usable;
  return (
    <Stack gap={0}>
      {butler && (
        <span>
          ButlerPaket {periodMonthName(butler.period_start)}: {formatHours(butler.used)} von{' '}
          {formatHours(butler.monthly_hours)}
        </span>
      )}
      {packages && (
        <span>
          Stundenpakete: {formatHours(packages.used)} von {formatHours(packages.purchased)}
        </span>
      )}
    </Stack>
  );
}

/**
 * "Knappes Guthaben": customers whose usable hours, ButlerPaket and Stundenpakete together,
 * are at most their reserve today (decision 0742), with that one figure and what makes it
 * (overuse of earlier months in words); cards on phones.
 */
export function LowBalanceList() {
  const [page, setPage] = useState(1);
  const query = useOverviewList<LowBalanceCustomer>('low-balances', '/api/admin/low-balances', page);
  const columns: Column<LowBalanceCustomer>[] = [
    {
      key: 'customer',
      label: 'Kunde',
      render: (row) => (
        <Anchor component={Link} to={customerHref(row)} fw={600} size="sm">
          {row.customer_name}
        </Anchor>
      ),
      hideOnCard: true,
    },
    {
      key: 'kind',
      label: 'Guthaben',
      render: (row) => (
        <Group gap={4}>
          {row.usable.butler && (
            <Badge variant="light" color="blue">
              ButlerPaket
            </Badge>
          )}
          {row.usable.packages && (
            <Badge variant="light" color="orange">
              Stundenpakete
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'used', label: 'Genutzt', render: used },
    {
      key: 'usable',
      label: 'Jetzt verfügbar',
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end" data-testid="low-balance-usable">
          <Text span fw={700}>
            {formatHours(row.usable.total)}
          </Text>
          {usableLines(row.usable).map((line) => (
            <Text key={line} span size="xs" c="dimmed" ta="right">
              {line}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'action',
      label: 'Aktion',
      align: 'right',
      hideOnCard: true,
      render: (row) => (
        <Button
          component={Link}
          to={customerHref(row)}
          size="xs"
          variant="light"
          aria-label={`${row.customer_name} anzeigen`}
        >
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
            rowKey={(row) => row.customer_id}
            cardTitle={(row) => row.customer_name}
            cardHref={customerHref}
            caption="Knappes Guthaben"
          />
          <Pager page={page} total={query.data.total} pageSize={OVERVIEW_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Card>
  );
}

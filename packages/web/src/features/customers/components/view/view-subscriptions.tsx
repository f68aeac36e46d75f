import type { Subscription } from '@butler/contract/subscriptions';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { ALL_PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatEuro, formatHours } from '../../../../lib/format';
import { useSubscriptions } from '../../api/subscriptions';
import { templateName } from '../panels/subscription-math';
import { RowActions } from '../row-actions';
import { useSubscriptionRows } from '../rows/subscription-rows';
import { StatusBadge } from '../status-badge';

/** BUTLER-Pakete table of the admin customer view (a customer holds a handful). */
export function ViewSubscriptions({ customerId }: { customerId: number }) {
  const query = useSubscriptions({ customerId, pageSize: ALL_PAGE_SIZE });
  const rows = useSubscriptionRows(customerId);

  const columns: Column<Subscription>[] = [
    {
      key: 'name',
      label: 'Paketname',
      render: (s) => (
        <Text size="sm" fw={600}>
          {templateName(s)}
        </Text>
      ),
      hideOnCard: true,
    },
    { key: 'hours', label: 'Monatl. Stunden', render: (s) => formatHours(s.monthly_hours) },
    { key: 'original', label: 'Originalpreis', render: (s) => formatEuro(s.original_monthly_price) },
    {
      key: 'discounted',
      label: 'Rabattpreis',
      render: (s) =>
        s.has_referral_discount ? (
          <Text size="sm" fw={600} c="teal.9">
            {formatEuro(s.monthly_price)}
          </Text>
        ) : (
          '–'
        ),
    },
    { key: 'start', label: 'Startdatum', render: (s) => formatDate(s.start_date) },
    { key: 'end', label: 'Enddatum', render: (s) => formatDate(s.end_date) },
    { key: 'trips', label: 'Fahrten/Monat', render: (s) => s.monthly_trips ?? '–' },
    {
      key: 'status',
      label: 'Status',
      render: (s) => <StatusBadge active={s.status === 'active'} inactiveLabel="Abgelaufen" />,
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (s) => <RowActions actions={rows.actions(s)} />,
    },
  ];

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          BUTLER-Pakete
        </Title>
        {rows.mayCreate && (
          <Button
            size="xs"
            variant="light"
            color="blue"
            leftSection={<IconPlus size={14} />}
            onClick={() => rows.create()}
          >
            ButlerPaket hinzufügen
          </Button>
        )}
      </Group>
      {query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text c="dimmed">Lade ButlerPakete...</Text>
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine BUTLER-Pakete vorhanden" />
      ) : (
        <ResponsiveList
          rows={query.data.items}
          columns={columns}
          rowKey={(s) => s.id}
          cardTitle={templateName}
          cardActions={(s) => <RowActions actions={rows.actions(s)} />}
          caption="BUTLER-Pakete"
        />
      )}
      {rows.dialogs}
    </Card>
  );
}

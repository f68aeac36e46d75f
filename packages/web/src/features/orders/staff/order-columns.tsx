import type { OrderSummary } from '@butler/contract/orders';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../../components/responsive-list';
import { formatDate, formatHours } from '../../../lib/format';
import { ApprovalBadge, OrderStateBadge, UrgentMark } from '../components/order-state-badge';

export function DueText({ order }: { order: Pick<OrderSummary, 'due_date' | 'overdue'> }) {
  if (!order.due_date)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Text size="sm" c={order.overdue ? 'red.8' : undefined} fw={order.overdue ? 700 : undefined} span>
      {formatDate(order.due_date)}
      {order.overdue ? ' · überfällig' : ''}
    </Text>
  );
}

export const hoursText = (o: Pick<OrderSummary, 'estimate_hours' | 'booked_hours'>) =>
  `${formatHours(o.booked_hours)} / ${o.estimate_hours === null ? '–' : formatHours(o.estimate_hours)}`;

/** The inbox's columns (the customer page's tab leaves out the customer). */
export function orderColumns({
  withCustomer = true,
  phone,
}: {
  withCustomer?: boolean;
  phone: boolean;
}): Column<OrderSummary>[] {
  const columns: Column<OrderSummary>[] = [
    {
      key: 'order',
      label: 'Auftrag',
      hideOnCard: true,
      render: (o) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/admin/auftraege/${o.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {o.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {o.number} · {formatDate(o.created_at)}
          </Text>
        </Stack>
      ),
    },
    // The table shows the number under the title; the phone card names it on a line of its own.
    ...(phone
      ? [{ key: 'number', label: 'Nummer', render: (o: OrderSummary) => o.number } satisfies Column<OrderSummary>]
      : []),
    ...(withCustomer
      ? [
          {
            key: 'customer',
            label: 'Kunde',
            render: (o: OrderSummary) => o.customer_name,
          } satisfies Column<OrderSummary>,
        ]
      : []),
    {
      key: 'state',
      label: 'Status',
      render: (o) => (
        <Group gap={4} justify="inherit" wrap="wrap">
          <OrderStateBadge state={o.state} />
          {o.urgent && <UrgentMark />}
          {o.approval_state === 'requested' && <ApprovalBadge state={o.approval_state} />}
        </Group>
      ),
    },
    { key: 'due', label: 'Fällig', render: (o) => <DueText order={o} /> },
    {
      key: 'assignee',
      label: 'Betreuer',
      render: (o) =>
        o.assignee?.name ?? (
          <Text size="sm" c="dimmed" span>
            niemand
          </Text>
        ),
    },
    { key: 'hours', label: 'Gebucht / Schätzung', align: 'right', render: hoursText },
  ];
  return columns;
}

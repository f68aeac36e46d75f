import { ORDER_CHANNEL_LABELS, type OrderDetail } from '@butler/contract/orders';
import { Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin } from '@tabler/icons-react';
import { formatDate, formatDateTime } from '../../../lib/format';

/** Details, Bis wann, Wo and how it came in: the facts under an Auftrag's title. */
export function OrderFacts({
  order,
  ownAddress = 'An der eigenen Adresse',
}: {
  order: OrderDetail;
  ownAddress?: string;
}) {
  return (
    <Stack gap={6}>
      {order.details && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {order.details}
        </Text>
      )}
      <Group gap="lg">
        <Group gap={4} wrap="nowrap">
          <IconCalendar size={16} aria-hidden color="var(--mantine-color-gray-6)" />
          <Text size="sm" c={order.overdue ? 'red.8' : undefined} fw={order.overdue ? 700 : undefined}>
            {order.due_date
              ? `Bis ${formatDate(order.due_date)}${order.overdue ? ' (überfällig)' : ''}`
              : 'Kein fester Termin'}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden color="var(--mantine-color-gray-6)" />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {order.location || ownAddress}
          </Text>
        </Group>
        {order.planned_date && <Text size="sm">Geplant am {formatDate(order.planned_date)}</Text>}
      </Group>
      <Text size="xs" c="dimmed">
        Eingegangen {ORDER_CHANNEL_LABELS[order.channel]} am {formatDateTime(order.created_at)}
        {order.assignee ? ` · Betreut von ${order.assignee.name}` : ''}
      </Text>
    </Stack>
  );
}

import type { OrderDetail } from '@butler/contract/orders';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { billingTypeName, formatDate, formatHours } from '../../../lib/format';

/** Schätzung, gebuchte Stunden and the entries booked on an Auftrag; `actions` for staff ("Zeit buchen", "Timer starten"). */
export function OrderHoursCard({ order, actions }: { order: OrderDetail; actions?: ReactNode }) {
  const over = order.estimate_hours !== null && order.booked_hours > order.estimate_hours;
  return (
    <Card data-testid="order-hours">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Stunden
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <Group gap="xl" mb="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Schätzung
          </Text>
          <Text fw={700} size="lg" data-testid="order-estimate">
            {order.estimate_hours === null ? 'noch offen' : formatHours(order.estimate_hours)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Gebucht
          </Text>
          <Text fw={700} size="lg" c={over ? 'orange.8' : undefined} data-testid="order-booked">
            {formatHours(order.booked_hours)}
            {over && (
              <Text span size="xs" fw={500} c="orange.8">
                {' '}
                (über der Schätzung)
              </Text>
            )}
          </Text>
        </Stack>
      </Group>
      {order.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Zeit gebucht.
        </Text>
      ) : (
        <Table verticalSpacing={6} data-testid="order-entries">
          <Table.Tbody>
            {order.entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDate(e.work_date)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.activity_description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.created_by} · {billingTypeName(e.billing_type)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }} fw={600}>
                  {formatHours(e.hours)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Gesamt</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatHours(order.booked_hours)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Card>
  );
}

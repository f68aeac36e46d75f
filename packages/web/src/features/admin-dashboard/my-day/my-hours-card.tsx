import type { MyHoursSpan } from '@butler/contract/my-day';
import { Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { formatDate, formatHours, MONTH_NAMES } from '../../../lib/format';
import { useMyHours } from './my-day-queries';

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
const dayLabel = (date: string) =>
  `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}, ${formatDate(date).slice(0, 6)}`;

function ByCustomer({ span, caption }: { span: MyHoursSpan; caption: string }) {
  if (span.customers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Noch nichts gebucht.
      </Text>
    );
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={caption}>
      <Table.Tbody>
        {span.customers.map((c) => (
          <Table.Tr key={c.customer_id ?? 'other'}>
            <Table.Td>
              {c.customer_id ? (
                <Text component={Link} to={`/admin/customers/${c.customer_id}`} size="sm" td="underline" c="navy.8">
                  {c.name}
                </Text>
              ) : (
                c.name
              )}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatHours(c.hours)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * "Meine Stunden" (decision 0743): what the signed-in staff member booked this week, day by
 * day, and this month, by customer. Their own work, no company targets.
 */
export function MyHoursCard() {
  const query = useMyHours();
  return (
    <Card component="section" aria-labelledby="my-hours-title" data-testid="my-hours">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="blue" size={36} radius="xl">
          <IconClockHour4 size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4" id="my-hours-title" c="navy.9">
          Meine Stunden
        </Title>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Stunden..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="xs" data-testid="my-hours-week">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>Diese Woche</Text>
              <Text fw={700} fz="xl" c="navy.9" data-testid="my-hours-week-total">
                {formatHours(query.data.week.total)}
              </Text>
            </Group>
            <Table verticalSpacing={2} fz="sm" aria-label="Meine Stunden dieser Woche nach Tag">
              <Table.Tbody>
                {query.data.week.days.map((d) => (
                  <Table.Tr key={d.date}>
                    <Table.Td c={d.hours === 0 ? 'dimmed' : undefined}>{dayLabel(d.date)}</Table.Td>
                    <Table.Td ta="right" c={d.hours === 0 ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {d.hours === 0 ? '–' : formatHours(d.hours)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <ByCustomer span={query.data.week} caption="Meine Stunden dieser Woche nach Kunde" />
          </Stack>
          <Stack gap="xs" data-testid="my-hours-month">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>{MONTH_NAMES[Number(query.data.month.from.slice(5, 7)) - 1]}</Text>
              <Text fw={700} fz="xl" c="navy.9" data-testid="my-hours-month-total">
                {formatHours(query.data.month.total)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              an {query.data.month.days.length} {query.data.month.days.length === 1 ? 'Tag' : 'Tagen'} gebucht
            </Text>
            <ByCustomer span={query.data.month} caption="Meine Stunden dieses Monats nach Kunde" />
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}

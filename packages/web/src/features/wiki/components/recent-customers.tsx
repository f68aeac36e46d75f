import type { WikiRecentCustomer } from '@butler/contract/wiki';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { EmptyState } from '../../../components/states';
import { formatDate } from '../../../lib/format';

/** The last 6 customers with wiki activity and when it happened (SPEC §2, §9). */
export function RecentCustomers({
  customers,
  loading,
  onChoose,
}: {
  customers: WikiRecentCustomer[] | undefined;
  loading: boolean;
  onChoose: (customer: WikiRecentCustomer) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="wiki-recent-title">
      <Group gap="xs">
        <IconClockHour4 size={20} aria-hidden color="var(--mantine-color-navy-7)" />
        <Text id="wiki-recent-title" component="h2" fw={600} fz="lg" ff="heading" m={0}>
          Zuletzt bearbeitet
        </Text>
      </Group>
      {loading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} h={92} radius="lg" />
          ))}
        </SimpleGrid>
      ) : !customers || customers.length === 0 ? (
        <Card>
          <EmptyState text="Noch keine Wiki-Einträge vorhanden. Wählen Sie einen Kunden, um den ersten Eintrag anzulegen." />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {customers.map((customer) => (
            <UnstyledButton
              key={customer.id}
              onClick={() => onChoose(customer)}
              aria-label={`Wiki von ${customer.name} öffnen`}
              style={{ borderRadius: 'var(--mantine-radius-lg)' }}
            >
              <Card h="100%" padding="md" data-testid="recent-customer">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} truncate>
                      {customer.name}
                    </Text>
                    <Badge variant="light" color="navy" style={{ flexShrink: 0 }}>
                      {customer.entry_count} {customer.entry_count === 1 ? 'Eintrag' : 'Einträge'}
                    </Badge>
                  </Group>
                  {customer.company && (
                    <Text size="sm" c="dimmed" truncate>
                      {customer.company}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    Letzte Änderung: {formatDate(customer.last_update)}
                  </Text>
                </Stack>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

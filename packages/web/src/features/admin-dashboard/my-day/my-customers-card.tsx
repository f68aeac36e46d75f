import { usableLines } from '@butler/contract/usable-hours-words';
import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatHours } from '../../../lib/format';
import { mapsUrl } from '../../../lib/maps';
import { useMyCustomers } from './my-day-queries';

/**
 * "Meine Kunden" (decision 0743): the customers the staff member looks after, each with the
 * address for the visit (opens the map app), the phone and the one hours figure (decision
 * 0742) with what makes it up.
 */
export function MyCustomersCard({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const query = useMyCustomers();
  if (hideWhenEmpty && query.data?.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="my-customers-title" data-testid="my-customers">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="navy" size={36} radius="xl">
          <IconUsers size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4" id="my-customers-title" c="navy.9">
          Meine Kunden
        </Title>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Kunden..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState text="Ihnen sind noch keine Kunden zugewiesen." />
      ) : (
        <Stack gap="md">
          {query.data.map((c) => (
            <Group
              key={c.id}
              justify="space-between"
              align="flex-start"
              gap="sm"
              wrap="wrap"
              data-testid={`my-customer-${c.id}`}
            >
              <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
                <Anchor component={Link} to={`/admin/customers/${c.id}`} fw={600}>
                  {c.name}
                </Anchor>
                {c.address && (
                  <Anchor href={mapsUrl(c.address)} target="_blank" rel="noopener" size="sm" c="navy.8">
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                      <span>{c.address}</span>
                    </Group>
                  </Anchor>
                )}
                {c.phone && (
                  <Anchor href={`tel:${c.phone}`} size="sm" c="navy.8">
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconPhone size={16} aria-hidden style={{ flexShrink: 0 }} />
                      <span>{c.phone}</span>
                    </Group>
                  </Anchor>
                )}
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flex: '0 1 auto' }}>
                <Text size="xs" c="dimmed">
                  Jetzt verfügbar
                </Text>
                <Text fw={700} data-testid="my-customer-usable">
                  {formatHours(c.usable_hours.total)}
                </Text>
                {usableLines(c.usable_hours).map((line) => (
                  <Text key={line} size="xs" c="dimmed" ta="right">
                    {line}
                  </Text>
                ))}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

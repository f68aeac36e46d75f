import { staffUsableExplained } from '@butler/contract/usable-hours-words';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconLayoutDashboard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ForecastNote } from '../../../../components/forecast-note';
import { SubscriptionRing } from '../../../../components/hours-gauge';
import { UsableHoursBreakdown } from '../../../../components/usable-hours';
import { formatDate } from '../../../../lib/format';
import { useCustomerSubscription } from '../../api/customers';

/**
 * Stundenübersicht: the lounge's ButlerPaket ring with the hours usable now and how they come
 * about (decision 0742), and the forecast; the same figure as the lounge and the header.
 */
export function HoursOverviewCard({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const query = useCustomerSubscription(customerId);
  const sub = query.data?.subscription ?? null;
  const usable = query.data?.usable_hours ?? null;

  return (
    <Card h="100%">
      <Title order={2} size="h4" mb="sm">
        Stundenübersicht
      </Title>
      <Stack align="center" gap="xs">
        {query.isPending ? (
          <Text c="dimmed">Lade Stunden...</Text>
        ) : query.isError ? (
          <Text c="red.9">Fehler beim Laden der Daten</Text>
        ) : !sub || !usable?.butler ? (
          <Text c="dimmed" ta="center" py="lg">
            Keine ButlerPaket-Daten verfügbar
          </Text>
        ) : (
          <>
            <SubscriptionRing butler={usable.butler} size={180} carriedInWords={false} />
            <UsableHoursBreakdown
              usable={usable}
              explanation={staffUsableExplained(formatDate(usable.butler.term_end))}
            />
            <ForecastNote forecast={query.data?.forecast ?? null} testId="subscription-forecast" />
          </>
        )}
        <Group gap="xs" justify="center" mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconBook2 size={14} />}
            onClick={() => navigate(`/admin/wiki?customer=${customerId}`)}
          >
            Wiki
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLayoutDashboard size={14} />}
            onClick={() => navigate(`/admin/customers/${customerId}/customer-view`)}
          >
            Kundendashboard
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

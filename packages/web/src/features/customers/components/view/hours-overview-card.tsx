import { Button, Card, Center, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconLayoutDashboard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MEANING_COLORS } from '../../../../app/theme';
import { ForecastNote } from '../../../../components/forecast-note';
import { UsableHours } from '../../../../components/usable-hours';
import { formatHours, formatNumber } from '../../../../lib/format';
import { useCustomerSubscription } from '../../api/customers';

/**
 * Stundenübersicht: this month's ButlerPaket hours as a blue ring (remaining share);
 * overuse turns the ring orange with a minus figure (SPEC §4).
 */
export function HoursOverviewCard({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const query = useCustomerSubscription(customerId);
  const sub = query.data?.subscription ?? null;
  const used = sub?.current_month_hours_used ?? 0;
  const total = sub?.monthly_hours ?? 0;
  const percentUsed = total > 0 ? (used / total) * 100 : 0;
  const over = percentUsed > 100;
  const remaining = sub?.current_month_hours_remaining ?? 0;

  return (
    <Card h="100%">
      <Title order={2} size="h4" mb="sm">
        Stundenübersicht
      </Title>
      <Stack align="center" gap="xs">
        {query.isPending ? (
          <Text c="dimmed">Lade Stunden...</Text>
        ) : query.isError ? (
          <Text c="red.8">Fehler beim Laden der Daten</Text>
        ) : !sub ? (
          <Text c="dimmed" ta="center" py="lg">
            Keine ButlerPaket-Daten verfügbar
          </Text>
        ) : (
          <>
            <RingProgress
              size={170}
              thickness={14}
              roundCaps
              sections={[
                over
                  ? { value: 100, color: MEANING_COLORS.hourPackage }
                  : { value: Math.max(0, 100 - percentUsed), color: MEANING_COLORS.subscription },
              ]}
              label={
                <Center>
                  <Stack gap={0} align="center">
                    <Text fw={700} size="xl" c={over ? 'orange.8' : 'blue.8'}>
                      {over ? `−${formatNumber(Math.abs(remaining))}` : formatNumber(remaining)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {over ? 'Überzogen' : 'Verbleibend'}
                    </Text>
                  </Stack>
                </Center>
              }
            />
            <Text size="sm" c="dimmed" ta="center">
              {formatHours(used)} verbraucht von {formatHours(total)} in diesem Monat
            </Text>
            <UsableHours monthRemaining={remaining} usable={sub.total_balance} />
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

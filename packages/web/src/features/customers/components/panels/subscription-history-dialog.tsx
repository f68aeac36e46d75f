import { Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PageLoader } from '../../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../../components/states';
import { formatHours } from '../../../../lib/format';
import { useSubscriptionHistory } from '../../api/subscriptions';
import { BalanceText } from '../balance-text';

/** SPEC §9: the history shows at most the 12 newest months. */
const HISTORY_MONTHS = 12;

/** Verlauf of one ButlerPaket: total balance, term and the monthly rows (newest first). */
export function SubscriptionHistoryDialog({
  subscriptionId,
  onClose,
}: {
  subscriptionId: number | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useSubscriptionHistory(subscriptionId);
  const rows = query.data?.history.slice(0, HISTORY_MONTHS) ?? [];
  // Fahrten per month (decision 0840), when this ButlerPaket counts any.
  const countsTrips = rows.some((row) => row.trips_allotted !== null);
  return (
    <Modal
      opened={subscriptionId !== null}
      onClose={onClose}
      title="Verlauf des ButlerPakets"
      fullScreen={phone}
      size="lg"
    >
      {query.isPending ? (
        <PageLoader text="Lade Verlauf..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Verlaufsdaten" onRetry={() => void query.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={2}>
            <Paper withBorder p="sm" radius="md">
              <Text size="sm" c="dimmed">
                Gesamtbilanz
              </Text>
              <BalanceText hours={query.data.total_balance} size="xl" />
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text size="sm" c="dimmed">
                Laufzeit
              </Text>
              <Text size="xl" fw={600}>
                {query.data.subscription.duration_months} Monate
              </Text>
            </Paper>
          </SimpleGrid>
          {rows.length === 0 ? (
            <EmptyState text="Keine Stundenabbuchungen für Abos gefunden" />
          ) : (
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Monat</Table.Th>
                  <Table.Th ta="right">Verfügbar</Table.Th>
                  <Table.Th ta="right">Genutzt</Table.Th>
                  <Table.Th ta="right">Bilanz</Table.Th>
                  {countsTrips && <Table.Th ta="right">Fahrten</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.month}>
                    <Table.Td>{row.month_display}</Table.Td>
                    <Table.Td ta="right">{formatHours(row.allocated_hours)}</Table.Td>
                    <Table.Td ta="right">{formatHours(row.used_hours)}</Table.Td>
                    <Table.Td ta="right">
                      <BalanceText hours={row.balance} size="sm" />
                    </Table.Td>
                    {countsTrips && (
                      <Table.Td ta="right" data-testid="history-trips">
                        {row.trips_used} von {row.trips_allotted}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Text size="xs" c="dimmed">
              Positive Bilanz: Stunden übrig · negative Bilanz: mehr gebucht als verfügbar
            </Text>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

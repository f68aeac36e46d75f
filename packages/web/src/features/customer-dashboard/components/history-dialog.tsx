import { Alert, Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NEGATIVE_TEXT } from '../../../app/theme';
import { PageLoader } from '../../../components/page-loader';
import { formatNumber } from '../../../lib/format';
import { balanceTone, signedHours } from '../../../lib/hours';
import { useSubscriptionHistory } from '../api/queries';

/** SPEC §9: the 12 most recent months. */
const HISTORY_MONTHS = 12;
const TONE_COLOR = { positive: 'teal.9', negative: NEGATIVE_TEXT, neutral: 'gray.6' } as const;

function Balance({ value, size = 'sm' }: { value: number; size?: string }) {
  return (
    <Text
      span
      fw={700}
      size={size}
      c={TONE_COLOR[balanceTone(value)]}
      data-tone={balanceTone(value)}
      style={{ whiteSpace: 'nowrap' }}
    >
      {signedHours(value)}
    </Text>
  );
}

/** 'Verlauf anzeigen': total balance, term and one row per started month (newest first). */
export function HistoryDialog({
  subscriptionId,
  opened,
  onClose,
}: {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { data, isPending, isError } = useSubscriptionHistory(subscriptionId, opened);
  const rows = data?.history.slice(0, HISTORY_MONTHS) ?? [];
  // Fahrten per month (decision 0840), when this ButlerPaket counts any.
  const countsTrips = rows.some((row) => row.trips_allotted !== null);
  return (
    <Modal opened={opened} onClose={onClose} title="Verlauf der BUTLER-Stunden" fullScreen={phone} size="lg">
      {isPending ? (
        <PageLoader text="Lade Verlauf..." />
      ) : isError ? (
        <Alert color="red" role="alert">
          Fehler beim Laden der Verlaufsdaten
        </Alert>
      ) : (
        <Stack>
          <SimpleGrid cols={2} spacing="sm">
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Gesamtbilanz
              </Text>
              <Group gap={4} data-testid="history-total-balance">
                <Balance value={data.total_balance} size="xl" />
              </Group>
            </Paper>
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Laufzeit
              </Text>
              <Text fw={700} size="xl" c="navy.9">
                {data.subscription.duration_months} Monate
              </Text>
            </Paper>
          </SimpleGrid>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Keine Stundenabbuchungen für Abos gefunden
            </Text>
          ) : (
            <Table verticalSpacing="xs" horizontalSpacing={phone ? 4 : 'sm'} striped fz={phone ? 'xs' : 'sm'}>
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
                  <Table.Tr key={row.month} data-testid="history-row">
                    <Table.Td>{row.month_display}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(row.allocated_hours)} h
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(row.used_hours)} h
                    </Table.Td>
                    <Table.Td ta="right">
                      <Balance value={row.balance} />
                    </Table.Td>
                    {countsTrips && (
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="history-trips">
                        {row.trips_used} von {row.trips_allotted}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text size="xs" c="dimmed">
            Nicht genutzte Stunden werden in den Folgemonat übertragen; Mehrverbrauch wird verrechnet.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

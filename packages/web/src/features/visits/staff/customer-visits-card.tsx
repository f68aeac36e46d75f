import { formatDayWithWeekday } from '@butler/contract/format';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { peopleList, tripRows, tripsLine, visitTimeSpan } from '../../../lib/visit-texts';
import { customerTripsQuery, customerVisitsQuery } from '../api/visits';
import { VisitStateBadge } from '../components/visit-state-badge';

/** How many months the card shows before "Alle Monate". */
const MONTHS_SHOWN = 3;

/**
 * "Termine" on the customer's page (decision 0840): the next visits (an open wish of the
 * customer's marked "Wunsch"), this month's Fahrten against the ButlerPaket, and the Fahrten
 * of the latest months; the calendar for this customer behind "Alle Termine".
 */
export function CustomerVisitsCard({ customerId }: { customerId: number }) {
  const visits = useQuery(customerVisitsQuery(customerId));
  const trips = useQuery(customerTripsQuery(customerId));
  const [allMonths, setAllMonths] = useState(false);
  const rows = tripRows(trips.data ?? []);
  const shownRows = allMonths ? rows : rows.slice(0, MONTHS_SHOWN);

  return (
    <Card h="100%" component="section" aria-labelledby="customer-visits-title" data-testid="customer-visits-card">
      <Group justify="space-between" mb="sm" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconCalendarEvent size={20} color="var(--mantine-color-navy-7)" aria-hidden />
          <Title order={2} size="h4" id="customer-visits-title">
            Termine
          </Title>
        </Group>
        <Anchor component={Link} to={`/admin/termine?kunde=${customerId}`} size="sm">
          Alle Termine
        </Anchor>
      </Group>
      {visits.isPending ? (
        <Text c="dimmed" size="sm">
          Lade Termine...
        </Text>
      ) : visits.isError ? (
        <Group gap="xs">
          <Text c="red.9" size="sm">
            Fehler beim Laden der Termine
          </Text>
          <Button size="compact-xs" variant="light" color="red" onClick={() => visits.refetch()}>
            Erneut versuchen
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          {visits.data.upcoming.length === 0 ? (
            <Text c="dimmed" size="sm">
              Keine geplanten Termine.
            </Text>
          ) : (
            <Stack gap={0}>
              {visits.data.upcoming.map((visit) => (
                <Group
                  key={visit.id}
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                  align="flex-start"
                  py={6}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="customer-visit"
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {formatDayWithWeekday(visit.date)}, {visitTimeSpan(visit)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {peopleList(visit.butlers.map((b) => b.name))}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    {visit.request && (
                      <Badge color="orange" variant="dot" size="xs" style={{ textTransform: 'none' }}>
                        Wunsch
                      </Badge>
                    )}
                    <VisitStateBadge state={visit.state} size="xs" />
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
          <Text size="sm" fw={600} data-testid="customer-trips-line">
            {tripsLine(visits.data.trips)}
          </Text>
        </Stack>
      )}
      {trips.isError ? (
        <Text c="red.9" size="sm" mt="sm">
          Fehler beim Laden der Fahrten
        </Text>
      ) : (
        rows.length > 0 && (
          <Stack gap={4} mt="sm">
            <Table verticalSpacing={4} fz="sm" data-testid="customer-trips">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Fahrten je Monat</Table.Caption>
              <Table.Tbody>
                {shownRows.map((row) => (
                  <Table.Tr key={row.month}>
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td ta="right">{row.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {rows.length > MONTHS_SHOWN && (
              <Button variant="subtle" size="compact-xs" onClick={() => setAllMonths(!allMonths)} w="fit-content">
                {allMonths ? 'Weniger anzeigen' : `Alle ${rows.length} Monate`}
              </Button>
            )}
          </Stack>
        )
      )}
    </Card>
  );
}

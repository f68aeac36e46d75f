import { formatDayWithWeekday } from '@butler/contract/format';
import type { LoungeVisit } from '@butler/contract/visits';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session-context';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { loungePlace, tripsLine, visitTimeSpan, whoComes } from '../../../lib/visit-texts';
import { LOUNGE_VISIT_STATE_LABELS, mayConfirm, showVisitsCard } from './lounge-visit-rules';
import { confirmVisit, loungeVisitsQuery } from './lounge-visits-query';

function VisitRow({
  visit,
  adminView,
  confirming,
  onConfirm,
}: {
  visit: LoungeVisit;
  adminView: boolean;
  confirming: boolean;
  onConfirm: () => void;
}) {
  const voice = useSession().customerVoice;
  const day = formatDayWithWeekday(visit.date);
  const who = whoComes(visit.butlers.map((b) => b.name));
  return (
    <Group
      justify="space-between"
      gap="sm"
      py="xs"
      align="center"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="lounge-visit"
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text fw={600}>{day}</Text>
        <Text size="sm">{visitTimeSpan(visit)} Uhr</Text>
        {who && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {who}
          </Text>
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {loungePlace(visit, voice)}
        </Text>
      </Stack>
      {mayConfirm(visit.state) && !adminView ? (
        <Stack gap={4} align="flex-end">
          {visit.state === 'moved' && (
            <Badge color="yellow" variant="light" style={{ textTransform: 'none' }}>
              {LOUNGE_VISIT_STATE_LABELS.moved}
            </Badge>
          )}
          <Button
            size="xs"
            variant="light"
            onClick={onConfirm}
            loading={confirming}
            aria-label={`Termin am ${day} bestätigen`}
          >
            Bestätigen
          </Button>
        </Stack>
      ) : (
        <Badge
          color={visit.state === 'confirmed' ? 'teal' : visit.state === 'moved' ? 'yellow' : 'blue'}
          variant="light"
          leftSection={visit.state === 'confirmed' ? <IconCheck size={12} aria-hidden /> : undefined}
          style={{ textTransform: 'none' }}
          data-testid="lounge-visit-state"
        >
          {LOUNGE_VISIT_STATE_LABELS[visit.state]}
        </Badge>
      )}
    </Group>
  );
}

/**
 * "Nächste Termine" in the lounge (decision 0840): the next visits with who comes and where,
 * "Bestätigen" for those not confirmed yet, and this month's Fahrten. Its own script below
 * the first screen, its data fetched when the browser is idle (decisions 0412, 0832). No
 * card while it loads, and none when there is nothing ahead and no Fahrt used.
 */
export function LoungeVisitsCard({ customerId, adminView = false }: { customerId: number; adminView?: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(loungeVisitsQuery(customerId));
  const confirm = useMutation({
    mutationFn: (id: number) => confirmVisit(queryClient, customerId, id),
    onError: (cause) => notifyError(errorText(cause, 'Der Termin konnte nicht bestätigt werden.')),
  });
  if (query.isPending) return null;
  if (query.isError)
    return (
      <Card component="section" data-testid="lounge-visits-card">
        <Title order={2} size="h4" mb="xs">
          Nächste Termine
        </Title>
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      </Card>
    );
  if (!showVisitsCard(query.data)) return null;
  return (
    <Card component="section" aria-labelledby="lounge-visits-title" data-testid="lounge-visits-card">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <IconCalendarEvent size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="lounge-visits-title">
          Nächste Termine
        </Title>
      </Group>
      {query.data.upcoming.length === 0 ? (
        <Text c="dimmed" size="sm" py="xs">
          Keine Termine geplant.
        </Text>
      ) : (
        <Stack gap={0}>
          {query.data.upcoming.map((visit) => (
            <VisitRow
              key={visit.id}
              visit={visit}
              adminView={adminView}
              confirming={confirm.isPending && confirm.variables === visit.id}
              onConfirm={() => confirm.mutate(visit.id)}
            />
          ))}
        </Stack>
      )}
      <Text
        size="sm"
        fw={600}
        pt="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        data-testid="lounge-trips"
      >
        {tripsLine(query.data.trips)}
      </Text>
    </Card>
  );
}

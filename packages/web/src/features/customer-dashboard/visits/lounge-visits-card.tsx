import { formatDayWithWeekday } from '@butler/contract/format';
import type { LoungeVisit } from '@butler/contract/visits';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarTime, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { useSession } from '../../../app/session-context';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { loungePlace, tripsLine, visitTimeSpan, whoComes } from '../../../lib/visit-texts';
import { dialable } from '../components/contact-links';
import { LoungeVisitRequestDialog } from './lounge-visit-request-dialog';
import {
  LOUNGE_REQUEST_LABELS,
  LOUNGE_VISIT_STATE_LABELS,
  mayConfirm,
  showVisitsCard,
  type VisitChange,
  visitChange,
} from './lounge-visit-rules';
import { confirmVisit, loungeVisitsQuery } from './lounge-visits-query';

/** Below a visit: the customer's open wish, or that changes now go by phone. */
function ChangeNote({
  visit,
  change,
  contactPhone,
}: {
  visit: LoungeVisit;
  change: VisitChange;
  contactPhone: string | null;
}) {
  const t = useLoungeTexts();
  if (change === 'asked' && visit.request)
    return (
      <Group gap="xs" wrap="wrap" data-testid="lounge-visit-request-state">
        <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
          {LOUNGE_REQUEST_LABELS[visit.request.kind]}
        </Badge>
        <Text size="sm" c="dimmed">
          {t.visitAskSent}
        </Text>
      </Group>
    );
  if (change !== 'late') return null;
  const phone = contactPhone?.trim() ?? '';
  const number = phone ? dialable(phone) : '';
  return (
    <Text size="xs" c="dimmed" data-testid="lounge-visit-late">
      {t.visitLateChange}
      {number ? (
        <>
          :{' '}
          <Anchor href={`tel:${number}`} size="xs" style={{ whiteSpace: 'nowrap' }}>
            {phone}
          </Anchor>
        </>
      ) : (
        '.'
      )}
    </Text>
  );
}

function VisitRow({
  visit,
  adminView,
  confirming,
  contactPhone,
  onConfirm,
  onAsk,
}: {
  visit: LoungeVisit;
  adminView: boolean;
  confirming: boolean;
  contactPhone: string | null;
  onConfirm: () => void;
  onAsk: () => void;
}) {
  const voice = useSession().customerVoice;
  const phone = usePhone();
  const day = formatDayWithWeekday(visit.date);
  const who = whoComes(visit.butlers.map((b) => b.name));
  // The team sees the customer's wish here too, not the ways to make one.
  const found = visitChange(visit, Date.now());
  const change = adminView && found !== 'asked' ? 'none' : found;
  const confirmable = mayConfirm(visit.state) && !adminView && change !== 'asked';
  // Beside "Bestätigen" on a wide card; on a phone a line of its own below the visit.
  const askBeside = change === 'ask' && !phone;
  const askButton = (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      onClick={onAsk}
      aria-label={`Termin am ${day} verschieben oder absagen`}
      ml={phone ? -10 : 0}
    >
      Verschieben oder absagen
    </Button>
  );
  return (
    <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="lounge-visit">
      <Group justify="space-between" gap="sm" align="center" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 auto' }}>
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
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          {confirmable ? (
            visit.state === 'moved' && (
              <Badge color="yellow" variant="light" style={{ textTransform: 'none' }}>
                {LOUNGE_VISIT_STATE_LABELS.moved}
              </Badge>
            )
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
          {(confirmable || askBeside) && (
            <Group gap="xs" wrap="wrap" justify="flex-end">
              {askBeside && askButton}
              {confirmable && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={onConfirm}
                  loading={confirming}
                  aria-label={`Termin am ${day} bestätigen`}
                >
                  Bestätigen
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      {change === 'ask' && !askBeside && <div>{askButton}</div>}
      <ChangeNote visit={visit} change={change} contactPhone={contactPhone} />
    </Stack>
  );
}

/**
 * "Nächste Termine" in the lounge (decision 0840): the next visits with who comes and where,
 * "Bestätigen" for those not confirmed yet, "Verschieben oder absagen" until the visit's
 * `request_until` (then only by phone), the customer's open wish, and this month's Fahrten.
 * Its own script below the first screen, its data fetched when the browser is idle
 * (decisions 0412, 0832). No card while it loads, and none when there is nothing ahead and
 * no Fahrt used.
 */
export function LoungeVisitsCard({
  customerId,
  adminView = false,
  contactPhone = null,
}: {
  customerId: number;
  adminView?: boolean;
  /** The provider's phone, named when a visit can be changed only by phone any more. */
  contactPhone?: string | null;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<LoungeVisit | null>(null);
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
              contactPhone={contactPhone}
              onConfirm={() => confirm.mutate(visit.id)}
              onAsk={() => setAsking(visit)}
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
      {asking && <LoungeVisitRequestDialog visit={asking} customerId={customerId} onClose={() => setAsking(null)} />}
    </Card>
  );
}

import { formatDateTime, formatDayWithWeekday } from '@butler/contract/format';
import { OPEN_VISIT_STATES, VISIT_KIND_LABELS, type Visit, type VisitDone } from '@butler/contract/visits';
import { Anchor, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../app/permissions';
import { FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { todayInVienna } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { peopleList, visitTimeSpan } from '../../../lib/visit-texts';
import { useFinishVisit, visitQuery } from '../api/visits';
import { VisitRequestAlert } from './visit-request-alert';
import { VisitStateBadge } from './visit-state-badge';
import { cancelledText, staffPlace } from './visit-words';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One visit with everything about it; for who may plan, "Bearbeiten" (this visit only),
 * "Absagen" and "Erledigt", the last of which hands over to "Neuer Zeiteintrag". The
 * customer's open wish stands first, with "Wunsch erledigt".
 */
export function VisitDetailDialog({
  visit: shown,
  onClose,
  onEdit,
  onCancel,
  onFinished,
  onResolve,
}: {
  visit: Visit;
  onClose: () => void;
  onEdit: (visit: Visit) => void;
  onCancel: (visit: Visit) => void;
  onFinished: (done: VisitDone) => void;
  /** "Wunsch erledigt" for the customer's open wish. */
  onResolve: (visit: Visit) => void;
}) {
  const phone = usePhone();
  const can = useCan();
  const query = useQuery({ ...visitQuery(shown.id), placeholderData: shown });
  const finish = useFinishVisit();
  const visit = query.data ?? shown;
  const open = OPEN_VISIT_STATES.includes(visit.state);
  const mayWrite = can('visits.write') && open;

  const done = async () => {
    try {
      const answer = await finish.mutateAsync(visit.id);
      notifySuccess('Termin erledigt');
      onFinished(answer);
    } catch {
      // The message stays in the dialog (below).
    }
  };

  // "Erledigt" from the visit's day on (the server refuses a future one).
  const actions = (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(visit)}>
        Bearbeiten
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconBan size={16} aria-hidden />}
        onClick={() => onCancel(visit)}
      >
        Absagen
      </Button>
      {visit.date <= todayInVienna() && (
        <Button
          leftSection={finish.isPending ? <Loader size={14} color="gray" /> : <IconCheck size={16} aria-hidden />}
          disabled={finish.isPending}
          onClick={() => void done()}
          style={phone ? { gridColumn: 'span 2' } : undefined}
        >
          {finish.isPending ? 'Wird abgeschlossen...' : 'Erledigt'}
        </Button>
      )}
    </>
  );
  return (
    <Modal opened onClose={onClose} title="Termin" fullScreen={phone} size="md">
      <Stack gap="sm" data-testid="visit-detail">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0}>
            <Text fw={700}>{formatDayWithWeekday(visit.date)}</Text>
            <Text>{visitTimeSpan(visit)} Uhr</Text>
          </Stack>
          <Group gap={6}>
            {query.isFetching && <Loader size="xs" aria-label="Wird aktualisiert..." />}
            <VisitStateBadge state={visit.state} size="md" />
          </Group>
        </Group>
        {visit.request && (
          <VisitRequestAlert
            request={visit.request}
            onResolve={can('visits.write') ? () => onResolve(visit) : undefined}
          />
        )}
        {visit.state === 'cancelled' && (
          <Text size="sm" c="red.9" data-testid="visit-cancelled">
            {cancelledText(visit)}
          </Text>
        )}
        <Fact label="Kunde">
          {can('customers.read') ? (
            <Anchor component={Link} to={`/admin/customers/${visit.customer_id}`} size="sm">
              {visit.customer_name}
            </Anchor>
          ) : (
            visit.customer_name
          )}
        </Fact>
        <Fact label="Art">{VISIT_KIND_LABELS[visit.kind]}</Fact>
        <Fact label="Ort">{staffPlace(visit)}</Fact>
        <Fact label="Wer kommt">{peopleList(visit.butlers.map((b) => b.name)) || '–'}</Fact>
        <Fact label="Worum es geht">{visit.purpose}</Fact>
        {visit.order && (
          <Fact label="Auftrag">
            <Anchor component={Link} to={`/admin/auftraege/${visit.order.id}`} size="sm">
              {visit.order.number} {visit.order.title}
            </Anchor>
          </Fact>
        )}
        {visit.series_id !== null && <Fact label="Wiederholung">Teil einer Serie</Fact>}
        {visit.confirmed_at && <Fact label="Vom Kunden bestätigt">{formatDateTime(visit.confirmed_at)}</Fact>}
        <FormError
          message={finish.isError ? errorText(finish.error, 'Der Termin konnte nicht abgeschlossen werden.') : null}
        />
        {mayWrite &&
          // Three buttons share no 390 px row: on a phone two above, "Erledigt" across below; on a
          // wider screen one row, each as wide as its word.
          (phone ? (
            <SimpleGrid cols={2} spacing="xs" mt="xs" w="100%">
              {actions}
            </SimpleGrid>
          ) : (
            <Group gap="xs" mt="xs" justify="flex-end" wrap="nowrap">
              {actions}
            </Group>
          ))}
      </Stack>
    </Modal>
  );
}

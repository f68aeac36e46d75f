import { type OpenVisitRequest, VISIT_REQUEST_LABELS } from '@butler/contract/visits';
import { ActionIcon, Badge, Button, Card, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChevronDown, IconMessageCircleExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/states';
import { usePhone } from '../../../lib/use-phone';
import { openVisitRequestsQuery } from '../api/visits';
import { requestAsked, requestMessage, requestsShown, requestVisitWhen } from './visit-request-rules';

/** How many wishes the panel lists before "Alle ... anzeigen". */
const FIRST_SHOWN = 5;

function RequestRow({
  request,
  mayWrite,
  onOpen,
  onResolve,
}: {
  request: OpenVisitRequest;
  mayWrite: boolean;
  onOpen: () => void;
  onResolve: () => void;
}) {
  const phone = usePhone();
  const { visit } = request;
  const when = requestVisitWhen(visit);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="visit-request-row">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {visit.customer_name}
            </Text>
            <Badge color="orange" variant="light" size="sm" style={{ textTransform: 'none' }}>
              {VISIT_REQUEST_LABELS[request.kind]}
            </Badge>
          </Group>
          <Text size="sm">{when}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message.trim() ? `„${requestMessage(request)}“` : requestMessage(request)}
          </Text>
          <Text size="xs" c="dimmed">
            {requestAsked(request)}
          </Text>
        </Stack>
        <Group gap="xs" grow={phone} style={phone ? { flex: '1 1 100%' } : undefined}>
          <Button
            variant="default"
            size="xs"
            onClick={onOpen}
            aria-label={`Termin öffnen: ${visit.customer_name}, ${when}`}
          >
            Termin öffnen
          </Button>
          {mayWrite && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={onResolve}
              aria-label={`Wunsch erledigt: ${visit.customer_name}, ${when}`}
            >
              Wunsch erledigt
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * "Offene Wünsche" above the calendar (decision 0840): the customers' wishes to move or
 * cancel a visit, oldest first, each with "Termin öffnen" and "Erledigt". Folded on a phone,
 * where the day's agenda comes first; not there at all while no wish is open.
 */
export function OpenRequestsPanel({
  customerId,
  mayWrite,
  onOpen,
  onResolve,
}: {
  /** The customer the calendar shows; null: all. */
  customerId: number | null;
  mayWrite: boolean;
  onOpen: (request: OpenVisitRequest) => void;
  onResolve: (request: OpenVisitRequest) => void;
}) {
  const phone = usePhone();
  const query = useQuery(openVisitRequestsQuery);
  const [opened, setOpened] = useState(!phone);
  const [all, setAll] = useState(false);
  if (query.isPending) return null;
  if (query.isError) return <ErrorState text="Fehler beim Laden der offenen Wünsche" onRetry={() => query.refetch()} />;
  const requests = requestsShown(query.data, customerId);
  if (requests.length === 0) return null;
  const shown = all ? requests : requests.slice(0, FIRST_SHOWN);
  const chevron = (
    <IconChevronDown
      size={18}
      aria-hidden
      style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
    />
  );

  return (
    <Card
      p={{ base: 'sm', sm: 'lg' }}
      mb="lg"
      component="section"
      aria-labelledby="visit-requests-title"
      data-testid="visit-requests"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconMessageCircleExclamation size={22} color="var(--mantine-color-orange-8)" aria-hidden />
          <Title order={2} size="h4" id="visit-requests-title">
            Offene Wünsche
          </Title>
          <Badge color="orange" variant="filled" size="lg" circle data-testid="visit-requests-count">
            {requests.length}
          </Badge>
        </Group>
        {phone ? (
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setOpened(!opened)}
            aria-expanded={opened}
            aria-controls="visit-requests-list"
            aria-label={opened ? 'Offene Wünsche ausblenden' : 'Offene Wünsche anzeigen'}
          >
            {chevron}
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpened(!opened)}
            aria-expanded={opened}
            aria-controls="visit-requests-list"
            rightSection={chevron}
          >
            {opened ? 'Ausblenden' : 'Anzeigen'}
          </Button>
        )}
      </Group>
      <Collapse expanded={opened} id="visit-requests-list">
        <Stack gap="xs" mt="sm">
          {shown.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              mayWrite={mayWrite}
              onOpen={() => onOpen(request)}
              onResolve={() => onResolve(request)}
            />
          ))}
          {requests.length > FIRST_SHOWN && (
            <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} w="fit-content">
              {all ? 'Weniger anzeigen' : `Alle ${requests.length} Wünsche anzeigen`}
            </Button>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}

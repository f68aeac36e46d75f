import { VISIT_REQUEST_LABELS, type VisitRequest } from '@butler/contract/visits';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconMessageCircleExclamation } from '@tabler/icons-react';
import { requestAsked, requestMessage } from './visit-request-rules';

/** The customer's open wish at the top of the visit's details, with "Wunsch erledigt". */
export function VisitRequestAlert({ request, onResolve }: { request: VisitRequest; onResolve?: () => void }) {
  return (
    <Alert
      color="orange"
      icon={<IconMessageCircleExclamation size={18} aria-hidden />}
      title={`${VISIT_REQUEST_LABELS[request.kind]}, ${requestAsked(request)}`}
      data-testid="visit-request"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {requestMessage(request)}
        </Text>
        {onResolve && (
          <>
            <Text size="xs" c="dimmed">
              Verschieben oder Absagen erledigt den Wunsch von selbst.
            </Text>
            <Button size="xs" variant="default" leftSection={<IconCheck size={14} aria-hidden />} onClick={onResolve}>
              Wunsch erledigt
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}

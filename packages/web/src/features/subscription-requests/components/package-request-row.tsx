import { PACKAGE_REQUEST_KIND_LABELS, PACKAGE_REQUEST_STATE_LABELS } from '@butler/contract/package-change-texts';
import type { StaffPackageRequest } from '@butler/contract/subscription-requests';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePhone } from '../../../lib/use-phone';
import { wishDates, wishPrice, wishSummary } from './package-request-words';

const STATE_COLORS = { open: 'orange', accepted: 'green', declined: 'gray', withdrawn: 'gray' } as const;

/** One wish: who, what, the price shown, the customer's words; Annehmen/Ablehnen while open. */
export function PackageRequestRow({
  request,
  showCustomer,
  mayAnswer,
  onAnswer,
}: {
  request: StaffPackageRequest;
  showCustomer: boolean;
  mayAnswer: boolean;
  onAnswer: (outcome: 'accept' | 'decline') => void;
}) {
  const phone = usePhone();
  const open = request.state === 'open';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="package-request-row">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            {showCustomer && (
              <Anchor component={Link} to={`/admin/customers/${request.customer_id}/butlerpakete`} fw={700}>
                {request.customer_name}
              </Anchor>
            )}
            <Badge color="blue" variant="light" size="sm" style={{ textTransform: 'none' }}>
              {PACKAGE_REQUEST_KIND_LABELS[request.kind]}
            </Badge>
            <Badge color={STATE_COLORS[request.state]} variant="outline" size="sm" style={{ textTransform: 'none' }}>
              {PACKAGE_REQUEST_STATE_LABELS[request.state]}
            </Badge>
          </Group>
          <Text size="sm">{wishSummary(request)}</Text>
          <Text size="sm" c="dimmed">
            {wishPrice(request)}
          </Text>
          {request.message && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              „{request.message}“
            </Text>
          )}
          {request.answer_note && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Antwort: {request.answer_note}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {wishDates(request)}
          </Text>
        </Stack>
        {open && mayAnswer && (
          <Group gap="xs" grow={phone} style={phone ? { flex: '1 1 100%' } : undefined}>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onAnswer('decline')}
              aria-label={`Wunsch ablehnen: ${request.customer_name}`}
            >
              Ablehnen
            </Button>
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={() => onAnswer('accept')}
              aria-label={`Wunsch annehmen: ${request.customer_name}`}
            >
              Annehmen
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

import type { ApprovalDecision, OrderDetail } from '@butler/contract/orders';
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconShoppingBag, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { apiRequest, errorText } from '../../../lib/api-client';
import { formatHours } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOrderApproval } from '../api/orders';

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Freigabe (decision 0810): the estimate is more than the customer has, so they decide:
 * "Freigeben" (book it anyway), "Ablehnen", or "Mehr Stunden anfragen".
 */
export function ApprovalCard({ order }: { order: OrderDetail }) {
  const t = useLoungeTexts();
  const answer = useOrderApproval(order.id);
  const [comment, setComment] = useState('');
  const approval = order.approval;
  // The shortfall can be bought at once at the lounge's counter (decision 0850), while it sells something.
  const shop = useQuery({
    queryKey: ['hour-shop', order.customer_id],
    queryFn: ({ signal }) => apiRequest<{ open: boolean }>(`/api/customers/${order.customer_id}/hour-shop`, { signal }),
    enabled: approval?.state === 'requested',
  });
  if (approval?.state !== 'requested') return null;
  const decide = async (decision: ApprovalDecision) => {
    try {
      await answer.mutateAsync({ decision, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notifySuccess(
        decision === 'approve'
          ? t.approvalThanks
          : decision === 'decline'
            ? t.approvalDeclined
            : t.approvalMoreHoursSent,
      );
    } catch (cause) {
      notifyError(errorText(cause, 'Die Antwort konnte nicht gespeichert werden.'));
    }
  };
  const busy = answer.isPending;
  return (
    <Card
      withBorder
      style={{ borderColor: 'var(--mantine-color-orange-5)', borderWidth: 2 }}
      data-testid="approval-card"
      component="section"
      aria-labelledby="approval-title"
    >
      <Title order={2} size="h4" id="approval-title" mb="xs">
        Freigabe
      </Title>
      <Text size="sm" mb="sm">
        {t.approvalIntro(formatHours(approval.estimate_hours))}
      </Text>
      <SimpleGrid cols={approval.booked_hours > 0 ? 3 : 2} spacing="xs" mb="sm">
        <Figure label="Schätzung" value={formatHours(approval.estimate_hours)} />
        {approval.booked_hours > 0 && <Figure label="Schon gebucht" value={formatHours(approval.booked_hours)} />}
        <Figure label="Jetzt verfügbar" value={formatHours(approval.available_hours)} color="green.9" />
      </SimpleGrid>
      <Text fw={600} c="red.8" mb="sm" data-testid="approval-shortfall">
        {t.approvalShortfall(formatHours(approval.shortfall_hours))}
      </Text>
      <Textarea
        label={t.approvalCommentLabel}
        autosize
        minRows={1}
        maxRows={4}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        mb="sm"
      />
      <Stack gap="xs">
        <Group grow>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={busy}
            onClick={() => decide('approve')}
          >
            Freigeben
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={busy}
            onClick={() => decide('decline')}
          >
            Ablehnen
          </Button>
        </Group>
        <Button
          variant="light"
          color="orange"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={busy}
          onClick={() => decide('more_hours')}
        >
          Mehr Stunden anfragen
        </Button>
        <Text size="xs" c="dimmed">
          {t.approvalMoreHoursHint}
        </Text>
        {shop.data?.open && (
          <Button
            component={Link}
            to="/customer/stunden-nachkaufen"
            variant="subtle"
            leftSection={<IconShoppingBag size={16} aria-hidden />}
          >
            Stunden nachkaufen
          </Button>
        )}
      </Stack>
    </Card>
  );
}

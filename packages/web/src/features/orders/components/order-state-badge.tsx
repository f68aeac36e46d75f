import {
  APPROVAL_STATE_LABELS,
  type ApprovalState,
  customerOrderStateLabel,
  isOpenOrderState,
  ORDER_STATE_LABELS,
  type OrderState,
} from '@butler/contract/order-states';
import type { CustomerVoice } from '@butler/contract/voice';
import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const ORDER_STATE_COLORS: Record<OrderState, string> = {
  new: 'blue',
  accepted: 'cyan',
  planned: 'indigo',
  in_progress: 'yellow',
  waiting_customer: 'orange',
  done: 'teal',
  declined: 'gray',
  withdrawn: 'gray',
};

/** An Auftrag's state as a word on a colour (never colour alone); the customer's voice in the lounge. */
export function OrderStateBadge({ state, voice }: { state: OrderState; voice?: CustomerVoice }) {
  return (
    <Badge
      color={ORDER_STATE_COLORS[state]}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="order-state"
    >
      {voice ? customerOrderStateLabel(state, voice) : ORDER_STATE_LABELS[state]}
    </Badge>
  );
}

export function ApprovalBadge({ state }: { state: ApprovalState | null }) {
  if (!state) return null;
  const color = state === 'approved' ? 'teal' : state === 'requested' ? 'orange' : 'red';
  return (
    <Badge color={color} variant="outline" style={{ textTransform: 'none' }}>
      {APPROVAL_STATE_LABELS[state]}
    </Badge>
  );
}

export function UrgentMark() {
  return (
    <Badge
      color="red"
      variant="filled"
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      Dringend
    </Badge>
  );
}

export function OrderBadges({
  state,
  urgent,
  voice,
  approvalPending = false,
}: {
  state: OrderState;
  urgent: boolean;
  voice?: CustomerVoice;
  /** A Freigabe is asked for: the customer's turn (shown in the lounge's lists). */
  approvalPending?: boolean;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <OrderStateBadge state={state} voice={voice} />
      {approvalPending && isOpenOrderState(state) && (
        <Badge color="orange" variant="filled" style={{ textTransform: 'none' }} data-testid="order-approval-pending">
          Freigabe nötig
        </Badge>
      )}
      {/* Dringend matters while something is still to do. */}
      {urgent && isOpenOrderState(state) && <UrgentMark />}
    </Group>
  );
}

import { INVOICE_STATUS_LABELS, type InvoiceListItem } from '@butler/contract/quickbill';
import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconCircleHalf2,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';

type StatusInput = Pick<InvoiceListItem, 'status' | 'is_overdue'> & {
  kind?: InvoiceListItem['kind'];
  payment_state?: InvoiceListItem['payment_state'];
};

/** The shown status: a sent invoice past its due date is 'overdue' (SPEC §4). */
export function displayStatus(invoice: StatusInput) {
  if (invoice.status === 'sent' && invoice.is_overdue) return 'overdue' as const;
  return invoice.status;
}

const LOOK = {
  draft: { color: 'gray', Icon: IconPencil },
  sent: { color: 'blue', Icon: IconSend },
  paid: { color: 'teal', Icon: IconCircleCheck },
  overdue: { color: 'red', Icon: IconAlertTriangle },
  cancelled: { color: 'gray', Icon: IconBan },
  partially_paid: { color: 'yellow', Icon: IconCircleHalf2 },
} as const;

/** "Teilweise bezahlt" while something but not all is received (decision 0580); overdue stays red. */
function badgeLabel(invoice: StatusInput, status: ReturnType<typeof displayStatus>) {
  const partial = invoice.status === 'sent' && invoice.payment_state === 'partially_paid';
  if (partial) return status === 'overdue' ? 'Teilweise bezahlt · überfällig' : 'Teilweise bezahlt';
  return INVOICE_STATUS_LABELS[status] ?? INVOICE_STATUS_LABELS.draft;
}

/** Status badge: colour plus icon plus word (never colour alone). Credit notes say so. */
export function InvoiceStatusBadge({ invoice }: { invoice: StatusInput }) {
  const status = displayStatus(invoice);
  const partial = invoice.status === 'sent' && invoice.payment_state === 'partially_paid';
  const { color, Icon } = (partial && status !== 'overdue' ? LOOK.partially_paid : LOOK[status]) ?? LOOK.draft;
  const label = badgeLabel(invoice, status);
  return (
    <Badge
      color={color}
      variant={status === 'cancelled' ? 'outline' : 'light'}
      leftSection={<Icon size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {invoice.kind === 'credit_note' && status !== 'draft' ? `Stornorechnung · ${label}` : label}
    </Badge>
  );
}

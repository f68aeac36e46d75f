import { INVOICE_STATUS_LABELS, type InvoiceListItem } from '@butler/contract/quickbill';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconPencil, IconSend } from '@tabler/icons-react';

type StatusInput = Pick<InvoiceListItem, 'status' | 'is_overdue'> & { kind?: InvoiceListItem['kind'] };

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
} as const;

/** Status badge: colour plus icon plus word (never colour alone). Credit notes say so. */
export function InvoiceStatusBadge({ invoice }: { invoice: StatusInput }) {
  const status = displayStatus(invoice);
  const { color, Icon } = LOOK[status] ?? LOOK.draft;
  const label = INVOICE_STATUS_LABELS[status] ?? INVOICE_STATUS_LABELS.draft;
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

import { Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayStatus } from './invoice-status-badge';

type Row = { id: number; invoice_number: string | null; status: string; is_overdue: boolean; kind: string };

/** The invoice number as a link to the detail; drafts have none yet; overdue rows get a warning icon. */
export function InvoiceNumber({ invoice }: { invoice: Row }) {
  const overdue = displayStatus(invoice as never) === 'overdue';
  return (
    <Group gap={6} wrap="nowrap">
      {/* "2026-0042" never breaks at its hyphen in a narrow column ("2026-/0042", decision 0763). */}
      <Anchor
        component={Link}
        to={`/admin/quickbill/invoices/${invoice.id}`}
        fw={600}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {invoice.invoice_number ?? (
          <Text span c="dimmed" fs="italic" size="sm">
            Entwurf #{invoice.id}
          </Text>
        )}
      </Anchor>
      {overdue && (
        <Tooltip label="Überfällig" withArrow>
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-7)"
            role="img"
            aria-label="Überfällig"
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      )}
    </Group>
  );
}

/** Plain label (cards, dialogs): the number, or 'Entwurf #id' before sending. */
export function invoiceLabel(invoice: { id: number; invoice_number: string | null }) {
  return invoice.invoice_number ?? `Entwurf #${invoice.id}`;
}

import { Badge } from '@mantine/core';
import { Link } from 'react-router';

/** "verrechnet: 2026-0030" with a link to the invoice (decision 0646); a draft shows its id. */
export function BilledChip({ invoiceId, invoiceNumber }: { invoiceId: number; invoiceNumber: string | null }) {
  return (
    <Badge
      component={Link}
      to={`/admin/quickbill/invoices/${invoiceId}`}
      variant="light"
      color="teal"
      style={{ cursor: 'pointer', textTransform: 'none' }}
    >
      verrechnet: {invoiceNumber ?? `Entwurf #${invoiceId}`}
    </Badge>
  );
}

import type { CustomerInvoice, CustomerInvoiceState } from '@butler/contract/customer-invoices';
import { PAYMENT_TEXTS } from '@butler/contract/payment-texts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCode, IconDownload, IconFileInvoice, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState } from '../../../components/states';
import { apiDownload } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { customerInvoicesQuery, INVOICES_PAGE_SIZE } from './invoices-query';
import { PaymentDetailsDialog } from './payment-details-dialog';

/** How the lounge names each state of CUSTOMER_INVOICE_STATES. */
const STATE_LABEL: Record<CustomerInvoiceState, string> = {
  open: 'Offen',
  overdue: 'Überfällig',
  partially_paid: 'Teilweise bezahlt',
  paid: 'Bezahlt',
  cancelled: 'Storniert',
  credit_note: 'Stornorechnung',
};

const STATE_COLOR: Record<CustomerInvoiceState, string> = {
  open: 'blue',
  overdue: 'red',
  partially_paid: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
  credit_note: 'gray',
};

async function download(customerId: number, invoice: CustomerInvoice, kind: 'pdf' | 'xml') {
  try {
    const blob = await apiDownload(`/api/customers/${customerId}/invoices/${invoice.id}/${kind}`);
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    const label = invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
    link.download = `${label}-${invoice.invoice_number}.${kind}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch {
    notifyError(
      kind === 'pdf' ? 'Die Rechnung konnte nicht geladen werden.' : 'Die E-Rechnung konnte nicht geladen werden.',
    );
  }
}

function InvoiceRow({
  customerId,
  invoice,
  onPay,
}: {
  customerId: number;
  invoice: CustomerInvoice;
  onPay: (invoice: CustomerInvoice) => void;
}) {
  const t = PAYMENT_TEXTS[useSession().customerVoice];
  const label = invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
  const payable = invoice.kind === 'invoice' && invoice.open_amount > 0;
  return (
    <Stack
      gap={6}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="customer-invoice"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {label} <span style={{ whiteSpace: 'nowrap' }}>{invoice.invoice_number}</span>
          </Text>
          <Text size="sm" c="dimmed">
            vom {formatDate(invoice.invoice_date)}
            {invoice.kind === 'credit_note' && invoice.credit_note_for_number
              ? ` zu ${invoice.credit_note_for_number}`
              : ` · fällig ${formatDate(invoice.due_date)}`}
            {invoice.is_overdue && invoice.state !== 'overdue' && (
              <Text span size="sm" c="red.8" fw={600}>
                {' '}
                · überfällig
              </Text>
            )}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(invoice.total_gross)}
          </Text>
          <Badge color={STATE_COLOR[invoice.state]} variant="light" style={{ textTransform: 'none' }}>
            {STATE_LABEL[invoice.state]}
          </Badge>
        </Stack>
      </Group>
      {payable && invoice.state === 'partially_paid' && (
        <Text size="sm">
          Noch offen: <strong>{formatEuro(invoice.open_amount)}</strong>
        </Text>
      )}
      {payable && invoice.direct_debit && (
        <Text size="sm">
          {t.directDebit(
            formatEuro(invoice.open_amount),
            formatDate(invoice.direct_debit.collection_date),
            invoice.direct_debit.account,
          )}
        </Text>
      )}
      {payable && invoice.last_reminder && (
        // An overdue invoice says that it was reminded and until when (decision 0772).
        <Text size="sm" c="red.8" data-testid="customer-invoice-reminder">
          {t.reminderSent(
            invoice.last_reminder.label,
            formatDate(invoice.last_reminder.sent_on),
            invoice.last_reminder.pay_by ? formatDate(invoice.last_reminder.pay_by) : null,
          )}
        </Text>
      )}
      <Group gap="xs">
        {payable && !invoice.direct_debit && (
          <Button
            size="xs"
            leftSection={<IconQrcode size={14} aria-hidden />}
            aria-label={`Bezahlen: ${label} ${invoice.invoice_number}`}
            onClick={() => onPay(invoice)}
          >
            Bezahlen
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`PDF herunterladen: ${label} ${invoice.invoice_number}`}
          onClick={() => download(customerId, invoice, 'pdf')}
        >
          PDF
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconCode size={14} aria-hidden />}
          aria-label={`E-Rechnung (XML) herunterladen: ${label} ${invoice.invoice_number}`}
          onClick={() => download(customerId, invoice, 'xml')}
        >
          E-Rechnung
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Meine Rechnungen" (decision 0587): the customer's issued invoices and Stornorechnungen with
 * status and open amount, PDF and e-invoice, and how to pay an open one (EPC QR code).
 * Loaded as its own script below the first screen (the lounge's first-load budget).
 */
export function InvoicesCard({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<CustomerInvoice | null>(null);
  const query = useQuery(customerInvoicesQuery(customerId, page));
  return (
    <Card component="section" aria-labelledby={`invoices-${customerId}`} data-testid="invoices-card">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconFileInvoice size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id={`invoices-${customerId}`}>
          Meine Rechnungen
        </Title>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Rechnungen..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Noch keine Rechnungen vorhanden." />
      ) : (
        <>
          <Stack gap={0}>
            {query.data.items.map((invoice) => (
              <InvoiceRow key={invoice.id} customerId={customerId} invoice={invoice} onPay={setPaying} />
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} pageSize={INVOICES_PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {paying && <PaymentDetailsDialog customerId={customerId} invoice={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}

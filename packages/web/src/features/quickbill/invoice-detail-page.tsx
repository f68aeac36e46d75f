import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { useInvoice } from './api/invoices';
import { DetailActions } from './components/detail-actions';
import { DetailInfo, TimeEntriesCard } from './components/detail-info';
import { InvoicePaymentsCard } from './components/invoice-payments-card';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { ItemsTable } from './components/items-table';
import { MailDeliveryNote } from './components/mail-delivery-note';
import { PdfPreview } from './components/pdf-preview';
import { TotalsBox } from './components/totals-box';

/** /admin/quickbill/invoices/:id — status, lines, totals, payment, actions and the PDF preview. */
export function InvoiceDetailPage() {
  const id = Number(useParams().id);
  const query = useInvoice(id);
  if (query.isPending) return <PageLoader text="Lade Rechnung..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack>
        <ErrorState
          text={missing ? 'Rechnung nicht gefunden' : 'Fehler beim Laden der Daten'}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
        <Button component={Link} to="/admin/quickbill/invoices" variant="default" w="fit-content">
          Zur Rechnungsliste
        </Button>
      </Stack>
    );
  }
  const invoice = query.data;
  const title = !invoice.invoice_number
    ? `Rechnungsentwurf #${invoice.id}`
    : `${invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung'} ${invoice.invoice_number}`;

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        subtitle={
          <Group gap="sm" component="span">
            <InvoiceStatusBadge invoice={invoice} />
            <span>{invoice.customer_name}</span>
          </Group>
        }
        actions={
          <Button
            component={Link}
            to="/admin/quickbill/invoices"
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
          >
            Alle Rechnungen
          </Button>
        }
      />
      <MailDeliveryNote mail={invoice.mail} />
      <DetailActions invoice={invoice} />
      <DetailInfo invoice={invoice} />
      {invoice.kind === 'invoice' && invoice.status !== 'draft' && <InvoicePaymentsCard invoice={invoice} />}
      <Card padding="md">
        <Title order={2} size="h4" mb="sm">
          Positionen
        </Title>
        <ItemsTable items={invoice.items} />
        <Group justify="flex-end" mt="md">
          <TotalsBox
            rates={invoice.tax_breakdown}
            net={invoice.total_net}
            tax={invoice.total_tax}
            gross={invoice.total_gross}
            smallBusiness={invoice.small_business}
          />
        </Group>
        {invoice.notes && (
          <Text size="sm" c="dimmed" mt="md" style={{ whiteSpace: 'pre-line' }}>
            {invoice.notes}
          </Text>
        )}
      </Card>
      <TimeEntriesCard entries={invoice.time_entries} />
      <PdfPreview
        invoiceId={invoice.id}
        version={`${invoice.status}-${invoice.sent_at}-${invoice.paid_at}-${invoice.total_gross}`}
      />
    </Stack>
  );
}

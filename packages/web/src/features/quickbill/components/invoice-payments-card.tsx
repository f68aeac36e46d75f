import { PAYMENT_STATE_LABELS } from '@butler/contract/payments';
import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconCoins } from '@tabler/icons-react';
import { useState } from 'react';
import { formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerAccount, useInvoicePayments, usePaymentActions } from '../api/payments';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { DunningBlocks } from './dunning-blocks';
import { invoiceLabel } from './invoice-number';
import { LedgerEntries } from './ledger-entries';
import { PaymentDialog } from './payment-dialog';

function Figure({ label, value, testId, strong }: { label: string; value: number; testId: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} data-testid={testId}>
        {formatEuro(value)}
      </Text>
    </Stack>
  );
}

/**
 * "Zahlungen" of an issued invoice (decision 0580): received, open, the ledger with
 * "Entfernen", "Zahlung erfassen", the customer's Guthaben and the invoice's Mahnsperre.
 */
export function InvoicePaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const payments = useInvoicePayments(invoice.id);
  const actions = usePaymentActions();
  const [recording, setRecording] = useState(false);
  const [applying, setApplying] = useState(false);
  const open = invoice.status === 'sent';
  const account = useCustomerAccount(invoice.customer_id ?? 0, applying && invoice.customer_id !== null);
  const data = payments.data;
  if (!data) return null;

  return (
    <Card padding="md" data-testid="invoice-payments">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Zahlungen
        </Title>
        <Group gap="xs">
          {open && data.customer_credit > 0 && (
            <Button variant="light" size="sm" leftSection={<IconCoins size={16} />} onClick={() => setApplying(true)}>
              Guthaben verrechnen
            </Button>
          )}
          {open && (
            <Button color="teal.9" size="sm" leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
              Zahlung erfassen
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <Figure label="Rechnungsbetrag" value={data.total_gross} testId="payments-gross" />
        <Figure label="Erhalten" value={data.received} testId="payments-received" />
        <Figure label="Offen" value={data.open_amount} testId="payments-open" strong />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Zahlungsstand
          </Text>
          <Text fw={500}>
            {invoice.status === 'cancelled' ? 'Storniert' : PAYMENT_STATE_LABELS[data.payment_state]}
          </Text>
        </Stack>
      </SimpleGrid>
      {invoice.payment_reference && (
        <Text size="sm" c="dimmed" mb="xs">
          Zahlungsreferenz: <span data-testid="payment-reference">{invoice.payment_reference}</span>
        </Text>
      )}
      {data.customer_credit > 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          Guthaben des Kunden: {formatEuro(data.customer_credit)}
        </Text>
      )}
      {data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Zahlungen erfasst.
        </Text>
      ) : (
        <LedgerEntries entries={data.entries} />
      )}
      {open && (
        <Stack mt="sm" gap={0}>
          <DunningBlocks invoiceId={invoice.id} targetLabel="diese Rechnung" />
        </Stack>
      )}
      {recording && (
        <PaymentDialog
          title="Zahlung erfassen"
          intro={`Rechnung ${invoiceLabel(invoice)}: offen ${formatEuro(data.open_amount)}. Ein höherer Betrag wird dem Kunden als Guthaben gutgeschrieben.`}
          amount={data.open_amount}
          minDate={invoice.invoice_date}
          submitLabel="Zahlung erfassen"
          mutation={actions.record}
          onClose={() => setRecording(false)}
          onSubmit={async (values) => {
            const result = await actions.record.mutateAsync({ invoiceId: invoice.id, ...values });
            notifySuccess(
              result.payment_state === 'paid'
                ? `Zahlung erfasst, Rechnung ${invoiceLabel(invoice)} ist bezahlt`
                : `Zahlung erfasst, offen: ${formatEuro(result.open_amount)}`,
            );
          }}
        />
      )}
      {applying && account.data && (
        <ApplyCreditDialog account={account.data} invoiceId={invoice.id} onClose={() => setApplying(false)} />
      )}
    </Card>
  );
}

import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatEuro, formatHours, truncate } from '../../../lib/format';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

const period = (i: InvoiceDetail) =>
  i.service_period_start
    ? i.service_period_end && i.service_period_end !== i.service_period_start
      ? `${formatDate(i.service_period_start)} – ${formatDate(i.service_period_end)}`
      : formatDate(i.service_period_start)
    : 'Rechnungsdatum';

/** Recipient, dates and payment of an invoice, plus the credit-note links. */
export function DetailInfo({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Stack gap="md">
      {invoice.credit_note_id && (
        <Alert color="gray" icon={<IconReceiptRefund size={18} />} title="Storniert">
          Diese Rechnung wurde am {formatDate(invoice.cancelled_at)} storniert.{' '}
          <Anchor
            component={Link}
            to={`/admin/quickbill/invoices/${invoice.credit_note_id}`}
            data-testid="credit-note-link"
            size="sm"
          >
            Stornorechnung anzeigen
          </Anchor>
        </Alert>
      )}
      {invoice.kind === 'credit_note' && invoice.credit_note_for_id && (
        <Alert color="gray" icon={<IconReceiptRefund size={18} />} title="Stornorechnung">
          Storno zur Rechnung{' '}
          <Anchor component={Link} to={`/admin/quickbill/invoices/${invoice.credit_note_for_id}`} size="sm">
            {invoice.credit_note_for_number ?? `#${invoice.credit_note_for_id}`}
          </Anchor>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card padding="md">
          <Title order={2} size="h5" mb="xs">
            Empfänger
          </Title>
          <Text fw={600}>{invoice.customer_name}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={invoice.customer_address ? undefined : 'dimmed'}>
            {invoice.customer_address || 'Keine Anschrift hinterlegt'}
          </Text>
          {invoice.customer_email && (
            <Text size="sm" c="dimmed" mt={4}>
              {invoice.customer_email}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {invoice.customer_is_business ? 'Unternehmer (B2B)' : 'Privatkunde'}
          </Text>
          {invoice.customer_uid && (
            <Text size="sm" c="dimmed">
              UID: {invoice.customer_uid}
            </Text>
          )}
        </Card>
        <Card padding="md">
          <Title order={2} size="h5" mb="xs">
            Daten und Zahlung
          </Title>
          <Stack gap={4}>
            <Field label="Rechnungsdatum">{formatDate(invoice.invoice_date)}</Field>
            <Field label="Leistungszeitraum">{period(invoice)}</Field>
            <Field label="Fällig am">{formatDate(invoice.due_date)}</Field>
            {invoice.sent_at && <Field label="Versendet am">{formatDate(invoice.sent_at)}</Field>}
            {invoice.paid_at && (
              <Field label="Bezahlt am" testId="paid-info">
                {formatDate(invoice.paid_at)}
                {invoice.paid_amount !== null ? ` · ${formatEuro(invoice.paid_amount)}` : ''}
              </Field>
            )}
            {invoice.reminders.map((r) => (
              <Field key={r.level} label={r.label}>
                {formatDate(r.sent_at)}
              </Field>
            ))}
            <Field label="Erstellt von">{invoice.created_by}</Field>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** Leistungsnachweis: the time entries billed with this invoice. */
export function TimeEntriesCard({ entries }: { entries: InvoiceDetail['time_entries'] }) {
  if (entries.length === 0) return null;
  const total = entries.reduce((sum, e) => sum + Math.round(e.hours * 100), 0) / 100;
  return (
    <Card padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Leistungsnachweis
        </Title>
        <Text size="sm" fw={600}>
          {formatHours(total)}
        </Text>
      </Group>
      <Stack gap={4}>
        {entries.map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {formatDate(e.work_date)} – {truncate(e.activity_description, 80)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatHours(e.hours)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

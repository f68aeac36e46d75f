import type { InvoiceDetail } from '@butler/contract/quickbill';
import type { InvoiceSettings } from '@butler/contract/quickbill-settings';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPaperclip, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, errorText } from '../../lib/api-client';
import { formatDate, formatEuro } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useInvoiceSettings } from './api/catalog';
import { useInvoice, useInvoiceActions } from './api/invoices';
import { invoiceLabel } from './components/invoice-number';
import { InvoiceStatusBadge } from './components/invoice-status-badge';

const DEFAULT_SUBJECT = 'Ihre Rechnung {nummer}';
const DEFAULT_BODY =
  'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.\n\nVielen Dank für Ihr Vertrauen!\n\nMit freundlichen Grüßen\n{firma}';

/** The mail as the server will fill it ({nummer} of a draft is assigned on sending). */
function fill(template: string, invoice: InvoiceDetail, settings: InvoiceSettings) {
  const values: Record<string, string> = {
    nummer: invoice.invoice_number ?? '[Nummer wird beim Versand vergeben]',
    kunde: invoice.customer_name,
    betrag: formatEuro(Math.abs(invoice.total_gross)),
    faellig: formatDate(invoice.due_date),
    firma: settings.company_name,
  };
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** /admin/quickbill/invoices/:id/send — e-mail the PDF to the customer; a draft gets its number. */
export function InvoiceSendPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  const settings = useInvoiceSettings();
  const { send } = useInvoiceActions();

  if (invoice.isPending || settings.isPending) return <PageLoader text="Lade Rechnung..." />;
  if (invoice.isError || settings.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return <ErrorState text={missing ? 'Rechnung nicht gefunden' : 'Fehler beim Laden der Daten'} />;
  }
  const inv = invoice.data;
  const s = settings.data;
  const back = `/admin/quickbill/invoices/${inv.id}`;
  const sendable = inv.status === 'draft' || inv.status === 'sent';
  const subject =
    inv.kind === 'credit_note'
      ? `Gutschrift ${inv.invoice_number}`
      : fill(s.invoice_email_subject || DEFAULT_SUBJECT, inv, s);
  const body = fill(s.invoice_email_body.trim() || DEFAULT_BODY, inv, s);
  const attachment = `${inv.kind === 'credit_note' ? 'Gutschrift' : 'Rechnung'}-${inv.invoice_number ?? 'Nummer'}.pdf`;

  const submit = () =>
    send.mutate(inv.id, {
      onSuccess: (result) => {
        notifySuccess(`Rechnung ${result.invoice_number ?? ''} versendet`.replace('  ', ' '));
        navigate(back);
      },
    });

  return (
    <Stack gap="md" maw={820}>
      <PageHeader
        title={`${inv.status === 'draft' ? 'Rechnung senden' : 'Rechnung erneut senden'}`}
        subtitle={
          <Group gap="xs" component="span">
            <span>
              {invoiceLabel(inv)} · {inv.customer_name} · {formatEuro(inv.total_gross)}
            </span>
            <InvoiceStatusBadge invoice={inv} />
          </Group>
        }
        actions={
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={18} />}>
            Zurück
          </Button>
        }
      />
      {!sendable && (
        <Alert color="gray" icon={<IconAlertTriangle size={18} />}>
          Diese Rechnung ist {inv.status === 'paid' ? 'bereits bezahlt' : 'storniert'} und wird nicht mehr versendet.
        </Alert>
      )}
      {inv.status === 'draft' && (
        <Alert color="blue" variant="light">
          Beim Versand erhält der Entwurf die nächste fortlaufende Rechnungsnummer und kann danach nicht mehr geändert
          werden.
        </Alert>
      )}
      <Card>
        <Stack gap="sm">
          <TextInput
            label="Empfänger"
            value={inv.customer_email ?? ''}
            readOnly
            error={inv.customer_email ? undefined : 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt'}
          />
          <TextInput label="Betreff" value={subject} readOnly />
          <Textarea label="Nachricht" value={body} readOnly autosize minRows={6} />
          <Text size="xs" c="dimmed">
            Betreff und Text kommen aus den{' '}
            <Anchor component={Link} to="/admin/quickbill/settings" size="xs">
              Rechnungseinstellungen
            </Anchor>
            .
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconPaperclip size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm">
              {attachment} (mit eingebetteter E-Rechnung nach EN 16931
              {inv.time_entries.length > 0 ? ' und Leistungsnachweis' : ''})
            </Text>
          </Group>
        </Stack>
      </Card>
      {send.error && (
        <Alert color="red" role="alert">
          {errorText(send.error, 'Die Rechnung konnte nicht versendet werden')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button component={Link} to={back} variant="default">
          Abbrechen
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={submit}
          disabled={!sendable || !inv.customer_email || send.isPending}
        >
          {send.isPending ? 'Wird versendet...' : 'Jetzt senden'}
        </Button>
      </Group>
    </Stack>
  );
}

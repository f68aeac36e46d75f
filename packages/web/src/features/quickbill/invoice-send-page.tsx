import { fillMailTemplate, type InvoiceMailValues, invoiceMailTemplates } from '@butler/contract/invoice-mail';
import type { InvoiceDetail } from '@butler/contract/quickbill';
import type { InvoiceSettings } from '@butler/contract/quickbill-settings';
import { type CustomerVoice, greeting } from '@butler/contract/voice';
import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/permissions';
import { useSession } from '../../app/session-context';
import { NoMailServerAlert } from '../../components/no-mail-server-alert';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, errorText } from '../../lib/api-client';
import { useCustomer } from '../../lib/back-office';
import { formatDate, formatEuro } from '../../lib/format';
import { mailToast, useMailSetup } from '../../lib/mail-setup';
import { notifySuccess } from '../../lib/notify';
import { useInvoiceSettings } from './api/catalog';
import { useInvoice, useInvoiceActions } from './api/invoices';
import { invoiceLabel } from './components/invoice-number';
import { InvoiceStatusBadge } from './components/invoice-status-badge';

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5000;

/**
 * The texts as the server will fill them. A draft's {nummer} stays a placeholder: the
 * number is assigned on sending and the server fills it in then.
 */
function mailValues(invoice: InvoiceDetail, settings: InvoiceSettings, anrede: string): InvoiceMailValues {
  return {
    anrede,
    ...(invoice.invoice_number ? { nummer: invoice.invoice_number } : {}),
    kunde: invoice.customer_name,
    betrag: formatEuro(Math.abs(invoice.total_gross)),
    faellig: formatDate(invoice.due_date),
    firma: settings.company_name,
    original: invoice.credit_note_for_number ?? '',
  };
}

function subjectError(subject: string) {
  if (!subject.trim()) return 'Bitte geben Sie einen Betreff an';
  if (subject.trim().length > SUBJECT_MAX) return `Der Betreff darf höchstens ${SUBJECT_MAX} Zeichen lang sein`;
  return undefined;
}

function messageError(message: string) {
  if (!message.trim()) return 'Bitte geben Sie eine Nachricht ein';
  if (message.trim().length > MESSAGE_MAX) return `Die Nachricht darf höchstens ${MESSAGE_MAX} Zeichen lang sein`;
  return undefined;
}

/** /admin/quickbill/invoices/:id/send — e-mail the PDF to the customer; a draft gets its number. */
export function InvoiceSendPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  const settings = useInvoiceSettings();
  // The greeting ({anrede}) names the customer as the record has it (decision 0620).
  const customerId = invoice.data?.customer_id ?? 0;
  const customer = useCustomer(customerId);
  const voice = useSession().customerVoice;

  if (invoice.isPending || settings.isPending || (customerId > 0 && customer.isPending))
    return <PageLoader text="Lade Rechnung..." />;
  if (invoice.isError || settings.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return <ErrorState text={missing ? 'Rechnung nicht gefunden' : 'Fehler beim Laden der Daten'} />;
  }
  const c = customer.data;
  const anrede = greeting(
    voice,
    c ? { firstName: c.first_name, lastName: c.last_name, salutation: c.salutation } : null,
  );
  return <SendForm invoice={invoice.data} settings={settings.data} voice={voice} anrede={anrede} />;
}

function SendForm({
  invoice: inv,
  settings: s,
  voice,
  anrede,
}: {
  invoice: InvoiceDetail;
  settings: InvoiceSettings;
  voice: CustomerVoice;
  anrede: string;
}) {
  const navigate = useNavigate();
  const { send } = useInvoiceActions();
  const mailSetup = useMailSetup().data;
  const mayEditSettings = useCan()('quickbill.settings.write');
  const templates = invoiceMailTemplates(
    inv.kind,
    { subject: s.invoice_email_subject, body: s.invoice_email_body },
    voice,
  );
  const values = mailValues(inv, s, anrede);
  const [subject, setSubject] = useState(() => fillMailTemplate(templates.subject, values));
  const [message, setMessage] = useState(() => fillMailTemplate(templates.body, values));
  const [showErrors, setShowErrors] = useState(false);
  const back = `/admin/quickbill/invoices/${inv.id}`;
  const sendable = inv.status === 'draft' || inv.status === 'sent';
  const [attachEbInterface, setAttachEbInterface] = useState(false);
  const attachment = `${inv.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung'}-${inv.invoice_number ?? 'Nummer'}`;
  const errors = { subject: subjectError(subject), message: messageError(message) };

  const submit = () => {
    setShowErrors(true);
    if (errors.subject || errors.message) return;
    send.mutate(
      { id: inv.id, subject, message, attach_ebinterface: attachEbInterface },
      {
        onSuccess: (result) => {
          const label = `Rechnung ${result.invoice_number ?? ''}`.trim();
          notifySuccess(mailToast(mailSetup, `${label} versendet`, `${label} ausgestellt`));
          navigate(back);
        },
      },
    );
  };

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
      {sendable && <NoMailServerAlert compact />}
      <Card>
        <Stack gap="sm">
          <TextInput
            label="Empfänger"
            value={inv.customer_email ?? ''}
            readOnly
            error={inv.customer_email ? undefined : 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt'}
          />
          <TextInput
            label="Betreff"
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            maxLength={SUBJECT_MAX}
            error={showErrors ? errors.subject : undefined}
            disabled={!sendable}
            required
          />
          <Textarea
            label="Nachricht"
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={MESSAGE_MAX}
            error={showErrors ? errors.message : undefined}
            disabled={!sendable}
            autosize
            minRows={6}
            required
          />
          <Text size="xs" c="dimmed">
            Vorbelegt aus den{' '}
            {mayEditSettings ? (
              <Anchor component={Link} to="/admin/quickbill/settings" size="xs">
                Rechnungseinstellungen
              </Anchor>
            ) : (
              'Rechnungseinstellungen'
            )}
            ; Änderungen gelten nur für diese E-Mail.
            {inv.invoice_number ? '' : ' {nummer} wird beim Versand durch die neue Rechnungsnummer ersetzt.'}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconPaperclip size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm">
              {attachment}.pdf (mit eingebetteter E-Rechnung nach EN 16931
              {inv.time_entries.length > 0 ? ' und Leistungsnachweis' : ''})
              {attachEbInterface ? ` und ebInterface-${attachment}.xml` : ''}
            </Text>
          </Group>
          <Checkbox
            label="ebInterface-Rechnung (XML) anhängen"
            description="Österreichs E-Rechnungsformat, z. B. für Kunden, die Rechnungen über e-rechnung.gv.at oder ihre Buchhaltung einlesen"
            checked={attachEbInterface}
            onChange={(event) => setAttachEbInterface(event.currentTarget.checked)}
            disabled={!sendable}
          />
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

import { SMALL_BUSINESS_NOTE } from '@butler/contract/quickbill';
import { type InvoiceSettings, ISSUER_FIELD_LABELS, missingIssuerFields } from '@butler/contract/quickbill-settings';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, errorText } from '../../lib/api-client';
import { todayInVienna } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { DirectDebitSettingsCard } from '../direct-debit';
import { useInvoiceSettings, useSaveInvoiceSettings } from './api/catalog';
import { AccentField } from './components/accent-field';
import { BillingSettingsCard } from './components/billing-settings-card';
import { LogoCard } from './components/logo-card';

type Values = Omit<InvoiceSettings, 'has_logo'>;

/** The server's text when the body is left empty (mail/invoice-mail.ts). */
const DEFAULT_MAIL_BODY =
  'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.\n\nVielen Dank für Ihr Vertrauen!\n\nMit freundlichen Grüßen\n{firma}';

/** What the first number of this year looks like with the chosen format. */
function numberExample(format: string) {
  const year = todayInVienna().slice(0, 4);
  return format
    .replace('{YYYY}', year)
    .replace('{YY}', year.slice(2))
    .replace(/\{(N+)\}/, (_m, n: string) => '1'.padStart(n.length, '0'));
}

function Section({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <Title order={2} size="h4" mb={description ? 2 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

/** /admin/quickbill/settings — letterhead, bank, numbering, Kleinunternehmer, mail texts, logo. */
export function QuickbillSettingsPage() {
  const query = useInvoiceSettings();
  if (query.isPending) return <PageLoader text="Lade Einstellungen..." />;
  if (query.isError) return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="md" maw={960}>
      <SettingsForm initial={query.data} />
      {/* Its own form (decision 0581): ButlerPaket invoices, renewal, Mahnlauf, default interest. */}
      <BillingSettingsCard />
    </Stack>
  );
}

/** Under an empty mandatory field after saving: what it is needed for. */
const MISSING_TEXT: Record<keyof typeof ISSUER_FIELD_LABELS, string> = {
  company_name: 'Bitte geben Sie den Firmennamen an',
  street: 'Pflichtangabe auf jeder Rechnung (§ 11 UStG): bitte Straße und Hausnummer ergänzen',
  postal_code: 'Pflichtangabe: bitte PLZ ergänzen',
  city: 'Pflichtangabe: bitte Ort ergänzen',
  uid: 'Pflichtangabe auf jeder Rechnung (§ 11 UStG): bitte UID-Nummer ergänzen',
  tax_number: 'Als Kleinunternehmer ohne UID-Nummer: bitte Steuernummer ergänzen',
};

function SettingsForm({ initial }: { initial: InvoiceSettings }) {
  const save = useSaveInvoiceSettings();
  const { has_logo: hasLogo, ...rest } = initial;
  const [values, setValues] = useState<Values>(rest);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const text = (key: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(values[key] ?? '')}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setValues((v) => ({ ...v, [key]: next }));
      }}
      error={errors[key]}
      {...extra}
    />
  );

  const missingNow = missingIssuerFields(values, values.small_business);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      const { has_logo: _logo, ...next } = saved;
      setValues(next);
      // Saved as far as it goes; what invoices still need is named under each field (decision 0632).
      const missing = missingIssuerFields(next, next.small_business);
      setErrors(Object.fromEntries(missing.map((field) => [field, MISSING_TEXT[field]])));
      notifySuccess(
        missing.length === 0
          ? 'Einstellungen gespeichert'
          : `Einstellungen gespeichert. Für Rechnungen fehlen noch: ${missing.map((f) => ISSUER_FIELD_LABELS[f]).join(', ')}`,
      );
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details);
      setFormError(errorText(error, 'Die Einstellungen konnten nicht gespeichert werden'));
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PageHeader
            title="Rechnungseinstellungen"
            subtitle="Angaben auf jeder Rechnung (§ 11 UStG) und in der Rechnungs-E-Mail"
            actions={
              <Button
                component={Link}
                to="/admin/quickbill"
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
              >
                Quickbill
              </Button>
            }
          />
          {missingNow.length > 0 && (
            <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="issuer-missing">
              Mit * markierte Angaben stehen auf jeder Rechnung (§ 11 UStG). Noch offen:{' '}
              {missingNow.map((f) => ISSUER_FIELD_LABELS[f]).join(', ')}. Sie können jederzeit zwischenspeichern.
            </Alert>
          )}
          <Section title="Rechnungsaussteller">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {text('company_name', 'Firmenname', { withAsterisk: true })}
              {text('uid', 'UID-Nummer', { placeholder: 'ATU12345678', withAsterisk: !values.small_business })}
              {text('street', 'Straße und Hausnummer', { withAsterisk: true })}
              <SimpleGrid cols={3} spacing="sm">
                {text('postal_code', 'PLZ', { withAsterisk: true })}
                <div style={{ gridColumn: 'span 2' }}>{text('city', 'Ort', { withAsterisk: true })}</div>
              </SimpleGrid>
              {text('country', 'Land', { placeholder: 'AT', maxLength: 2 })}
              {text('contact_email', 'E-Mail', { type: 'email' })}
              {text('contact_phone', 'Telefon')}
              {text('whatsapp_number', 'WhatsApp-Nummer', {
                placeholder: '+43 664 1234567',
                description:
                  'Für „WhatsApp“ im Kontakt der Lounge; leer: die Telefonnummer, wenn sie eine Mobilnummer ist',
              })}
              {text('company_register', 'Firmenbuchnummer', { placeholder: 'FN 123456a' })}
              {text('company_court', 'Firmenbuchgericht', { placeholder: 'Handelsgericht Wien' })}
              {text('tax_number', 'Steuernummer', {
                placeholder: '12 345/6789',
                description: values.small_business
                  ? 'Kleinunternehmer ohne UID-Nummer: die Steuernummer steht dann auf jeder Rechnung'
                  : 'Optional, steht zusätzlich zur UID-Nummer auf der Rechnung',
              })}
            </SimpleGrid>
          </Section>
          <Section title="Bankverbindung" description="Steht auf der Rechnung und im QR-Code zum Bezahlen.">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {text('iban', 'IBAN', { placeholder: 'AT61 1904 3002 3457 3201' })}
              {text('bic', 'BIC')}
              {text('bank_name', 'Bank')}
            </SimpleGrid>
          </Section>
          <Section title="Rechnungen">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberInput
                  size="md"
                  label="Zahlungsziel (Tage)"
                  withAsterisk
                  value={values.payment_terms_days}
                  onChange={(v) =>
                    setValues((s) => ({ ...s, payment_terms_days: v === '' ? ('' as never) : Number(v) }))
                  }
                  min={0}
                  max={365}
                  step={1}
                  allowDecimal={false}
                  error={errors.payment_terms_days}
                />
                {text('invoice_number_format', 'Nummernformat', {
                  withAsterisk: true,
                  description: `Beispiel: ${numberExample(values.invoice_number_format)} · Platzhalter {YYYY}, {YY}, {NNNN}`,
                })}
              </SimpleGrid>
              <Switch
                size="md"
                label="Kleinunternehmer (keine Umsatzsteuer)"
                checked={values.small_business}
                onChange={(e) => {
                  const next = e.currentTarget.checked;
                  setValues((v) => ({ ...v, small_business: next }));
                }}
              />
              {values.small_business && (
                <Alert
                  color="blue"
                  variant="light"
                  icon={<IconInfoCircle size={18} />}
                  data-testid="small-business-note"
                >
                  Auf jeder Rechnung steht: „{SMALL_BUSINESS_NOTE}“. Alle Positionen werden mit 0&nbsp;% verrechnet.
                </Alert>
              )}
              <Textarea
                size="md"
                label="Fußzeile"
                placeholder="z. B. Vielen Dank für Ihren Auftrag!"
                autosize
                minRows={2}
                value={values.invoice_footer}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setValues((v) => ({ ...v, invoice_footer: next }));
                }}
                error={errors.invoice_footer}
              />
            </Stack>
          </Section>
          <Section title="Rechnungs-E-Mail" description="Platzhalter: {nummer}, {kunde}, {betrag}, {faellig}, {firma}">
            <Stack gap="sm">
              {text('invoice_email_subject', 'Betreff', { withAsterisk: true })}
              <Textarea
                size="md"
                label="Text"
                description="Leer lassen für den Standardtext"
                placeholder={DEFAULT_MAIL_BODY}
                autosize
                minRows={6}
                value={values.invoice_email_body}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setValues((v) => ({ ...v, invoice_email_body: next }));
                }}
                error={errors.invoice_email_body}
              />
            </Stack>
          </Section>
          <Section
            title="Erscheinungsbild"
            description="Ihr Firmenname, Logo und Ihre Farbe erscheinen auf den Anmeldeseiten, in der Kopfzeile, in Mails und PDFs."
          >
            <AccentField
              value={values.accent_color}
              onChange={(next) => setValues((v) => ({ ...v, accent_color: next }))}
              error={errors.accent_color}
            />
          </Section>
          <LogoCard hasLogo={hasLogo} />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Speichern...' : 'Einstellungen speichern'}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Its own form: the direct-debit settings are saved apart from the letterhead. */}
      <DirectDebitSettingsCard />
    </Stack>
  );
}

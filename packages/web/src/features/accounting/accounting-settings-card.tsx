import {
  type AccountingSettings,
  type AccountingSettingsInput,
  zAccountingSettingsInput,
} from '@butler/contract/accounting-handover';

import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useCan } from '../../app/permissions';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../components/settings-form';
import { MONTH_NAMES } from '../../lib/format';
import { accountingKeys } from './api';

type AccountKey = {
  [K in keyof AccountingSettingsInput]: AccountingSettingsInput[K] extends string ? K : never;
}[keyof AccountingSettingsInput];

const REVENUE: { key: AccountKey; label: string; description: string }[] = [
  { key: 'revenue_account_20', label: 'Erlöse 20\u00a0%', description: 'Normalsteuersatz' },
  { key: 'revenue_account_13', label: 'Erlöse 13\u00a0%', description: 'ermäßigter Steuersatz' },
  { key: 'revenue_account_10', label: 'Erlöse 10\u00a0%', description: 'ermäßigter Steuersatz' },
  { key: 'revenue_account_0', label: 'Erlöse 0\u00a0%', description: 'steuerfreie Leistungen, z. B. Reverse Charge' },
  {
    key: 'small_business_revenue_account',
    label: 'Erlöse Kleinunternehmer',
    description: 'Rechnungen ohne Umsatzsteuer (§ 6 Abs. 1 Z 27 UStG)',
  },
];

const MONEY: { key: AccountKey; label: string; description: string }[] = [
  { key: 'bank_account', label: 'Bank', description: 'Überweisungen, Lastschriften, Erstattungen' },
  { key: 'cash_account', label: 'Kassa', description: 'Barzahlungen' },
  { key: 'reminder_fee_account', label: 'Mahnspesen', description: 'Gebühren der Mahnstufen (ohne USt)' },
  { key: 'interest_account', label: 'Verzugszinsen', description: 'Zinsen aus Mahnungen (ohne USt)' },
];

/** What the form holds until the server's chart arrives (the card shows its loader meanwhile). */
const BEFORE_LOAD: AccountingSettingsInput = {
  revenue_account_20: '',
  revenue_account_13: '',
  revenue_account_10: '',
  revenue_account_0: '',
  small_business_revenue_account: '',
  receivables_mode: 'collective',
  receivables_account: '',
  customer_account_start: 0,
  customer_account_end: 0,
  bank_account: '',
  cash_account: '',
  reminder_fee_account: '',
  interest_account: '',
  fiscal_year_start_month: 1,
  datev_consultant_number: null,
  datev_client_number: null,
  datev_account_length: 4,
};

/** Einstellungen → Buchhaltung: the adviser's accounts for the BMD and DATEV files (decision 0820). */
export function AccountingSettingsCard() {
  const can = useCan();
  const readOnly = !can('accounting.export');
  const form = useSettingsForm<AccountingSettingsInput>({
    queryKey: accountingKeys.settings(),
    url: '/api/accounting/settings',
    defaults: BEFORE_LOAD,
    schema: zAccountingSettingsInput,
    savedText: 'Kontenplan gespeichert',
    invalidates: [],
  });
  const { values, errors } = form;
  const stored = form.settings.data as AccountingSettings | undefined;
  const accountField = (f: { key: AccountKey; label: string; description: string }) => (
    <TextInput
      key={f.key}
      label={f.label}
      description={f.description}
      value={values[f.key]}
      onChange={(e) => form.setValue(f.key, e.currentTarget.value)}
      error={errors[f.key]}
      inputMode="numeric"
      readOnly={readOnly}
      withAsterisk={!readOnly}
    />
  );

  return (
    <SettingsCard
      titleId="accounting-settings-title"
      icon={<IconListNumbers size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Kontenplan für die Steuerberatung"
      intro="Die Konten, auf die die BMD- und DATEV-Buchungsdateien buchen. Vorbelegt nach dem österreichischen Einheitskontenrahmen; bitte mit der Steuerberatung abstimmen."
      query={form.settings}
      loadingText="Lade Kontenplan..."
      loadErrorText="Fehler beim Laden des Kontenplans"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <Title order={3} size="h5">
            Erlöskonten
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {REVENUE.map(accountField)}
          </SimpleGrid>

          <Title order={3} size="h5">
            Forderungen
          </Title>
          <SegmentedControl
            aria-label="Forderungen buchen auf"
            fullWidth
            value={values.receivables_mode}
            onChange={(v) => form.setValue('receivables_mode', v as AccountingSettingsInput['receivables_mode'])}
            readOnly={readOnly}
            data={[
              { value: 'collective', label: 'Sammelkonto' },
              { value: 'per_customer', label: 'Je Kunde' },
            ]}
          />
          {values.receivables_mode === 'collective' ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {accountField({
                key: 'receivables_account',
                label: 'Forderungen',
                description: 'Lieferforderungen aller Kunden',
              })}
            </SimpleGrid>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Jeder Kunde bekommt das Konto „Beginn + Kundennummer im Portal“, z. B. Beginn 200000 → Kunde 17 auf
                200017. Das Konto muss im Bereich liegen.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {(['customer_account_start', 'customer_account_end'] as const).map((key) => (
                  <NumberInput
                    key={key}
                    label={key === 'customer_account_start' ? 'Kundenkonten ab' : 'Kundenkonten bis'}
                    value={values[key]}
                    onChange={(v) => form.setValue(key, toSettingsNumber(v))}
                    error={errors[key]}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=""
                    readOnly={readOnly}
                    withAsterisk={!readOnly}
                  />
                ))}
              </SimpleGrid>
            </>
          )}

          <Title order={3} size="h5">
            Zahlungen, Spesen und Zinsen
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {MONEY.map(accountField)}
          </SimpleGrid>

          <Title order={3} size="h5">
            Wirtschaftsjahr und DATEV
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <Select
              label="Wirtschaftsjahr beginnt im"
              description="Für „Jahr“-Übergaben und DATEV"
              data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
              value={String(values.fiscal_year_start_month)}
              onChange={(v) => v && form.setValue('fiscal_year_start_month', Number(v))}
              allowDeselect={false}
              readOnly={readOnly}
            />
            <NumberInput
              label="DATEV-Beraternummer"
              description="Nur für DATEV, 1001 bis 9999999"
              value={values.datev_consultant_number ?? ''}
              onChange={(v) => form.setValue('datev_consultant_number', v === '' ? null : toSettingsNumber(v))}
              error={errors.datev_consultant_number}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=""
              readOnly={readOnly}
            />
            <NumberInput
              label="DATEV-Mandantennummer"
              description="Nur für DATEV, 1 bis 99999"
              value={values.datev_client_number ?? ''}
              onChange={(v) => form.setValue('datev_client_number', v === '' ? null : toSettingsNumber(v))}
              error={errors.datev_client_number}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=""
              readOnly={readOnly}
            />
            <NumberInput
              label="Sachkontenlänge"
              description="Ziffern eines Sachkontos bei DATEV (4 bis 8)"
              value={values.datev_account_length}
              onChange={(v) => form.setValue('datev_account_length', toSettingsNumber(v))}
              error={errors.datev_account_length}
              min={4}
              max={8}
              allowDecimal={false}
              readOnly={readOnly}
            />
          </SimpleGrid>
          {stored?.updated_at && (
            <Text size="xs" c="dimmed">
              Zuletzt geändert von {stored.updated_by}
            </Text>
          )}
          {!readOnly && <SettingsFormFooter saveError={form.saveError} saving={form.saving} />}
        </Stack>
      </form>
    </SettingsCard>
  );
}

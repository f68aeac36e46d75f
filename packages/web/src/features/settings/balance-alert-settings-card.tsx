import {
  BALANCE_ALERT_DEFAULTS,
  type BalanceAlertSettings,
  zBalanceAlertSettingsInput,
} from '@butler/contract/balance-alerts';
import { Checkbox, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../components/settings-form';

type NumberKey = 'butler_used_percent' | 'package_remaining_hours' | 'package_remaining_percent';
const NUMBER_FIELDS: { key: NumberKey; label: string; description: string; max: number; suffix: string }[] = [
  {
    key: 'butler_used_percent',
    label: 'ButlerPaket: Hinweis ab',
    description: 'genutztem Anteil der Monatsstunden, Übertrag eingerechnet',
    max: 100,
    suffix: '\u00a0%',
  },
  {
    key: 'package_remaining_hours',
    label: 'Stundenpakete: Hinweis bei höchstens',
    description: 'verbleibenden Stunden',
    max: 1000,
    suffix: ' h',
  },
  {
    key: 'package_remaining_percent',
    label: 'oder bei höchstens',
    description: 'des zuletzt gekauften Pakets (0 = aus)',
    max: 100,
    suffix: '\u00a0%',
  },
];

/** Einstellungen → Guthaben-Hinweise; GET/PUT /api/admin/balance-alert-settings. */
export function BalanceAlertSettingsCard() {
  const form = useSettingsForm<BalanceAlertSettings>({
    queryKey: ['balance-alert-settings'],
    url: '/api/admin/balance-alert-settings',
    defaults: BALANCE_ALERT_DEFAULTS,
    schema: zBalanceAlertSettingsInput,
    savedText: 'Guthaben-Hinweise gespeichert',
    invalidates: [['low-balances'], ['customer-dashboard']],
  });
  const { values, errors } = form;

  return (
    <SettingsCard
      titleId="balance-alert-settings-title"
      icon={<IconBellRinging size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Guthaben-Hinweise"
      intro="Wann ein Guthaben als knapp gilt. Kunden erhalten pro Monat des ButlerPakets bzw. pro Stundenpaket höchstens eine E-Mail, Mitarbeiter täglich um 7:00 Uhr eine Übersicht."
      query={form.settings}
      loadingText="Lade Guthaben-Hinweise..."
      loadErrorText="Fehler beim Laden der Guthaben-Hinweise"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {NUMBER_FIELDS.map((field) => (
              <NumberInput
                key={field.key}
                label={field.label}
                description={field.description}
                withAsterisk
                value={values[field.key]}
                onChange={(value) => form.setValue(field.key, toSettingsNumber(value))}
                error={errors[field.key]}
                min={0}
                max={field.max}
                clampBehavior="none"
                decimalScale={2}
                decimalSeparator=","
                thousandSeparator="."
                suffix={field.suffix}
                step={field.suffix === ' h' ? 0.5 : 5}
              />
            ))}
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox
              label="Kunden per E-Mail benachrichtigen"
              checked={values.notify_customers}
              onChange={(e) => form.setValue('notify_customers', e.currentTarget.checked)}
              error={errors.notify_customers}
            />
            <Checkbox
              label="Tägliche Übersicht an Mitarbeiter"
              checked={values.notify_staff}
              onChange={(e) => form.setValue('notify_staff', e.currentTarget.checked)}
              error={errors.notify_staff}
            />
          </Group>
          <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

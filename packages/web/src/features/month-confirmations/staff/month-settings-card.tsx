import {
  AUTO_CONFIRM_DAYS,
  MONTH_CONFIRMATION_MODE_LABELS,
  MONTH_CONFIRMATION_MODES,
  type MonthConfirmationMode,
  type MonthConfirmationSettings,
  zMonthConfirmationSettings,
} from '@butler/contract/month-confirmations';
import { NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../../components/settings-form';
import { todayInVienna } from '../../../lib/format';
import { MONTHS_KEY } from '../api/month-confirmations';

/** Before the first answer only; the server holds the real values. */
const DEFAULTS: MonthConfirmationSettings = {
  mode: 'off',
  auto_confirm_days: AUTO_CONFIRM_DAYS.default,
  starts_month: todayInVienna().slice(0, 7),
};

/**
 * Einstellungen → Monatsfreigabe (decision 0852): whether customers confirm their ended months
 * in the lounge, whether hour invoices of a month wait for it, and after how many quiet days a
 * month counts as confirmed; GET/PUT /api/settings/month-confirmations.
 */
export function MonthSettingsCard() {
  const form = useSettingsForm<MonthConfirmationSettings>({
    queryKey: [...MONTHS_KEY, 'settings'],
    url: '/api/settings/month-confirmations',
    defaults: DEFAULTS,
    schema: zMonthConfirmationSettings,
    savedText: 'Monatsfreigabe gespeichert',
    invalidates: [MONTHS_KEY],
  });
  const { values, errors } = form;
  return (
    <SettingsCard
      titleId="month-settings-title"
      icon={<IconCalendarCheck size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Monatsfreigabe"
      intro="Kunden sehen nach Monatsende ihre Einträge in der Lounge, bestätigen den Monat oder fragen zu einzelnen Einträgen nach."
      query={form.settings}
      loadingText="Lade Monatsfreigabe..."
      loadErrorText="Fehler beim Laden der Monatsfreigabe"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <Radio.Group
            label="Monatsfreigabe"
            value={values.mode}
            onChange={(value) => form.setValue('mode', value as MonthConfirmationMode)}
            error={errors.mode}
          >
            <Stack gap="xs" mt="xs">
              {MONTH_CONFIRMATION_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={MONTH_CONFIRMATION_MODE_LABELS[mode]} />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label="Automatisch bestätigt nach"
            description="Tage nach Monatsende (oder nach der letzten Antwort) ohne offene Rückfrage."
            withAsterisk
            maw={360}
            value={values.auto_confirm_days}
            onChange={(value) => form.setValue('auto_confirm_days', toSettingsNumber(value))}
            error={errors.auto_confirm_days}
            min={AUTO_CONFIRM_DAYS.min}
            max={AUTO_CONFIRM_DAYS.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            suffix=" Tagen"
          />
          <TextInput
            label="Gilt ab Monat"
            description="Frühere Monate sind nicht dabei (JJJJ-MM, z. B. 2026-11)."
            withAsterisk
            maw={360}
            value={values.starts_month}
            onChange={(event) => form.setValue('starts_month', event.currentTarget.value.trim())}
            error={errors.starts_month}
          />
          <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

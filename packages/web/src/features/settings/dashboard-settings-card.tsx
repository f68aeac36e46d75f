import {
  DASHBOARD_SETTINGS_DEFAULTS,
  type DashboardSettings,
  zDashboardSettingsInput,
} from '@butler/contract/admin-dashboard';
import { NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../components/settings-form';

type Key = keyof DashboardSettings;
const FIELDS: { key: Key; label: string; description: string; min: number; max?: number; suffix: string }[] = [
  {
    key: 'monthly_target_hours',
    label: 'Monatsziel',
    description: 'Verkaufte BUTLER-Stunden pro Monat',
    min: 1,
    suffix: ' h',
  },
  {
    key: 'sellable_hours_per_month',
    label: 'Verkaufbare Stunden pro Monat',
    description: 'Kapazität des Teams',
    min: 1,
    suffix: ' h',
  },
  {
    key: 'color_threshold_red_max',
    label: 'Jahresbalken Rot bis',
    description: 'in % des Monatsziels',
    min: 0,
    suffix: '\u00a0%',
  },
  {
    key: 'color_threshold_yellow_max',
    label: 'Jahresbalken Gelb bis',
    description: 'in % des Monatsziels, darüber Grün',
    min: 0,
    suffix: '\u00a0%',
  },
  {
    key: 'workload_threshold_green_max',
    label: 'Auslastung Grün bis',
    description: '0 bis 100\u00a0% des Tagesziels',
    min: 0,
    max: 100,
    suffix: '\u00a0%',
  },
  {
    key: 'workload_threshold_yellow_max',
    label: 'Auslastung Gelb bis',
    description: '0 bis 200\u00a0%, darüber Rot',
    min: 0,
    max: 200,
    suffix: '\u00a0%',
  },
];

/** Dashboard targets and colour bands (SPEC §5, §9); GET/PUT /api/admin/dashboard-settings. */
export function DashboardSettingsCard() {
  const form = useSettingsForm<DashboardSettings>({
    queryKey: ['admin-dashboard-settings'],
    url: '/api/admin/dashboard-settings',
    defaults: DASHBOARD_SETTINGS_DEFAULTS,
    schema: zDashboardSettingsInput,
    savedText: 'Dashboard-Einstellungen erfolgreich gespeichert!',
    invalidates: [['admin-dashboard-stats']],
  });
  const { values, errors } = form;

  return (
    <SettingsCard
      titleId="dashboard-settings-title"
      icon={<IconChartBar size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Dashboard-Einstellungen"
      intro="Ziele und Farbgrenzen der Übersicht: Jahresbalken (Rot, Gelb, darüber Grün) und Auslastung bis Monatsende."
      query={form.settings}
      loadingText="Lade Dashboard-Einstellungen..."
      loadErrorText="Fehler beim Laden der Dashboard-Einstellungen"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <NumberInput
                key={field.key}
                label={field.label}
                description={field.description}
                withAsterisk
                value={values[field.key]}
                onChange={(value) => form.setValue(field.key, toSettingsNumber(value))}
                error={errors[field.key]}
                min={field.min}
                max={field.max}
                clampBehavior="none"
                decimalScale={2}
                decimalSeparator=","
                thousandSeparator="."
                suffix={field.suffix}
                step={1}
              />
            ))}
          </SimpleGrid>
          <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

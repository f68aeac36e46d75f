import {
  DASHBOARD_SETTINGS_DEFAULTS,
  type DashboardSettings,
  zDashboardSettingsInput,
} from '@butler/contract/admin-dashboard';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, apiRequest, errorText } from '../../lib/api-client';
import { parseGermanNumber } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';

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
    suffix: ' %',
  },
  {
    key: 'color_threshold_yellow_max',
    label: 'Jahresbalken Gelb bis',
    description: 'in % des Monatsziels, darüber Grün',
    min: 0,
    suffix: ' %',
  },
  {
    key: 'workload_threshold_green_max',
    label: 'Auslastung Grün bis',
    description: '0 bis 100 % des Tagesziels',
    min: 0,
    max: 100,
    suffix: ' %',
  },
  {
    key: 'workload_threshold_yellow_max',
    label: 'Auslastung Gelb bis',
    description: '0 bis 200 %, darüber Rot',
    min: 0,
    max: 200,
    suffix: ' %',
  },
];

/** SPEC §5: non-numeric input counts as 0. */
const toNumber = (value: string | number) => (typeof value === 'number' ? value : (parseGermanNumber(value) ?? 0));

/** Dashboard targets and colour bands (SPEC §5, §9); GET/PUT /api/admin/dashboard-settings. */
export function DashboardSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['admin-dashboard-settings'],
    queryFn: ({ signal }) => apiRequest<DashboardSettings>('/api/admin/dashboard-settings', { signal }),
  });
  const [values, setValues] = useState<DashboardSettings>({ ...DASHBOARD_SETTINGS_DEFAULTS });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (body: DashboardSettings) =>
      apiRequest<DashboardSettings>('/api/admin/dashboard-settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin-dashboard-settings'], saved);
      void queryClient.invalidateQueries({ queryKey: ['admin-dashboard-stats'] });
      notifySuccess('Dashboard-Einstellungen erfolgreich gespeichert!');
    },
    onError: (error) => {
      setSaveError(errorText(error, 'Fehler beim Speichern der Einstellungen'));
      if (error instanceof ApiError && error.details) setErrors(error.details as Partial<Record<Key, string>>);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const parsed = zDashboardSettingsInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Key, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Key] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Card component="section" aria-labelledby="dashboard-settings-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconChartBar size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="dashboard-settings-title">
          Dashboard-Einstellungen
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Ziele und Farbgrenzen der Übersicht: Jahresbalken (Rot, Gelb, darüber Grün) und Auslastung bis Monatsende.
      </Text>
      {settings.isPending ? (
        <PageLoader text="Lade Dashboard-Einstellungen..." />
      ) : settings.isError ? (
        <ErrorState text="Fehler beim Laden der Dashboard-Einstellungen" onRetry={() => settings.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {FIELDS.map((field) => (
                <NumberInput
                  key={field.key}
                  label={field.label}
                  description={field.description}
                  withAsterisk
                  value={values[field.key]}
                  onChange={(value) => setValues((prev) => ({ ...prev, [field.key]: toNumber(value) }))}
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
            {saveError && (
              <Alert color="red" role="alert">
                {saveError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Speichern...' : 'Speichern'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}

import {
  BALANCE_ALERT_DEFAULTS,
  type BalanceAlertSettings,
  zBalanceAlertSettingsInput,
} from '@butler/contract/balance-alerts';
import { Alert, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, apiRequest, errorText } from '../../lib/api-client';
import { parseGermanNumber } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';

type Key = keyof BalanceAlertSettings;
type NumberKey = 'butler_used_percent' | 'package_remaining_hours' | 'package_remaining_percent';
const NUMBER_FIELDS: { key: NumberKey; label: string; description: string; max: number; suffix: string }[] = [
  {
    key: 'butler_used_percent',
    label: 'ButlerPaket: Hinweis ab',
    description: 'genutztem Anteil der Monatsstunden',
    max: 100,
    suffix: ' %',
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
    suffix: ' %',
  },
];

const KEY = ['balance-alert-settings'] as const;
const toNumber = (value: string | number) => (typeof value === 'number' ? value : (parseGermanNumber(value) ?? 0));

/** Einstellungen → Guthaben-Hinweise; GET/PUT /api/admin/balance-alert-settings. */
export function BalanceAlertSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<BalanceAlertSettings>('/api/admin/balance-alert-settings', { signal }),
  });
  const [values, setValues] = useState<BalanceAlertSettings>({ ...BALANCE_ALERT_DEFAULTS });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (body: BalanceAlertSettings) =>
      apiRequest<BalanceAlertSettings>('/api/admin/balance-alert-settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      for (const key of ['low-balances', 'customer-dashboard']) void queryClient.invalidateQueries({ queryKey: [key] });
      notifySuccess('Guthaben-Hinweise gespeichert');
    },
    onError: (error) => {
      setSaveError(errorText(error, 'Fehler beim Speichern der Einstellungen'));
      if (error instanceof ApiError && error.details) setErrors(error.details as Partial<Record<Key, string>>);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const parsed = zBalanceAlertSettingsInput.safeParse(values);
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
    <Card component="section" aria-labelledby="balance-alert-settings-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconBellRinging size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="balance-alert-settings-title">
          Guthaben-Hinweise
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Wann ein Guthaben als knapp gilt. Kunden erhalten pro Monat des ButlerPakets bzw. pro Stundenpaket höchstens
        eine E-Mail, Mitarbeiter täglich um 7:00 Uhr eine Übersicht.
      </Text>
      {settings.isPending ? (
        <PageLoader text="Lade Guthaben-Hinweise..." />
      ) : settings.isError ? (
        <ErrorState text="Fehler beim Laden der Guthaben-Hinweise" onRetry={() => settings.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {NUMBER_FIELDS.map((field) => (
                <NumberInput
                  key={field.key}
                  label={field.label}
                  description={field.description}
                  withAsterisk
                  value={values[field.key]}
                  onChange={(value) => setValues((prev) => ({ ...prev, [field.key]: toNumber(value) }))}
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
                onChange={(e) => setValues((prev) => ({ ...prev, notify_customers: e.currentTarget.checked }))}
                error={errors.notify_customers}
              />
              <Checkbox
                label="Tägliche Übersicht an Mitarbeiter"
                checked={values.notify_staff}
                onChange={(e) => setValues((prev) => ({ ...prev, notify_staff: e.currentTarget.checked }))}
                error={errors.notify_staff}
              />
            </Group>
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

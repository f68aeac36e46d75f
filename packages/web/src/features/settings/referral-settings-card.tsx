import {
  REFERRAL_GIFT_MAX,
  REFERRAL_SETTINGS_DEFAULTS,
  type ReferralSettings,
  zReferralSettingsUpdate,
} from '@butler/contract/referrals';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconRestore, IconUserShare } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useReferralSettings, useResetReferralSettings, useSaveReferralSettings } from './api/referral-settings';

type NumberKey = Exclude<keyof ReferralSettings, 'is_active' | 'gift_text'>;
type FieldKey = NumberKey | 'gift_text';
/** Numbers may be '' while typing; the check below then answers with SPEC's text. */
type Form = { is_active: boolean; gift_text: string } & Record<NumberKey, number | string>;
const TIERS = [1, 2, 3, 4, 5] as const;
const german = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2 } as const;
const d = REFERRAL_SETTINGS_DEFAULTS;
const DEFAULTS_TEXT = `${d.default_discount_percentage}\u00a0% je Empfehlung, Schwellen ${[d.r_threshold_1, d.r_threshold_2, d.r_threshold_3, d.r_threshold_4].join(' / ').replaceAll('.', ',')}, Obergrenzen ${[d.cap_percentage_1, d.cap_percentage_2, d.cap_percentage_3, d.cap_percentage_4, d.cap_percentage_5].join(' / ')}\u00a0%`;

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

/** Client check with the contract's schema, so the texts are SPEC §5's and the server's. */
function validate(form: Form) {
  const candidate = Object.fromEntries(
    Object.entries(form).map(([key, value]) => [
      key,
      typeof value === 'boolean' || key === 'gift_text' ? value : toNumber(value),
    ]),
  );
  const parsed = zReferralSettingsUpdate.safeParse(candidate);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Partial<Record<FieldKey, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as FieldKey] ??= issue.message;
  return { data: null, errors };
}

/** Referral programme settings (SPEC §2, §5, §8, §9); every input is disabled while the programme is off. */
export function ReferralSettingsCard() {
  const query = useReferralSettings();
  const save = useSaveReferralSettings();
  const reset = useResetReferralSettings();
  const [form, setForm] = useState<Form>({ ...REFERRAL_SETTINGS_DEFAULTS });
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = validate(form);
    setErrors(checked.errors);
    if (!checked.data) return;
    try {
      await save.mutateAsync(checked.data);
      notifySuccess('Einstellungen erfolgreich gespeichert');
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) setErrors(cause.details as Partial<Record<FieldKey, string>>);
      setError(errorText(cause, 'Fehler beim Speichern der Einstellungen'));
    }
  };

  const off = !form.is_active;
  const input = (key: NumberKey, label: string, options: { percent?: boolean; clamp?: boolean } = {}) => (
    <NumberInput
      label={label}
      size="sm"
      {...german}
      min={0}
      max={options.percent ? 100 : undefined}
      clampBehavior={options.clamp ? 'blur' : 'none'}
      step={0.1}
      suffix={options.percent ? '\u00a0%' : undefined}
      value={form[key]}
      onChange={(value) => setForm((prev) => ({ ...prev, [key]: value }))}
      error={errors[key]}
      disabled={off}
    />
  );

  return (
    <Card component="section" aria-labelledby="referral-settings-title" data-testid="referral-settings-card">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconUserShare size={22} color="var(--mantine-color-grape-6)" aria-hidden />
        <Title order={2} size="h4" id="referral-settings-title">
          Empfehlungsprogramm
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Kunden erhalten je erfolgreicher Empfehlung den Rabatt, höchstens aber die Obergrenze ihrer Stufe
        („Rabatt-Cap“). Die Stufe ergibt sich aus der Quote Empfehlungsstunden ÷ eigene Stunden: Ab dem
        „R-Schwellenwert“ einer Stufe gilt die nächste.
      </Text>
      {query.isPending ? (
        <PageLoader text="Lade Einstellungen..." />
      ) : query.isError ? (
        <ErrorState text="Einstellungen konnten nicht geladen werden" onRetry={() => void query.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Switch
              size="md"
              label="Empfehlungsprogramm aktiv"
              description={off ? 'Pausiert: keine Empfehlungsrabatte, keine Empfehlungskäufe' : undefined}
              checked={form.is_active}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setForm((prev) => ({ ...prev, is_active: checked }));
              }}
            />
            <Box maw={{ base: '100%', xs: 320 }}>
              {input('default_discount_percentage', 'Rabatt pro erfolgreicher Empfehlung', {
                percent: true,
                clamp: true,
              })}
            </Box>
            <Textarea
              label="Geschenk für empfohlene Neukunden"
              description={
                'Ergänzt „Deine Freunde bekommen ...“ in der Lounge, in der Empfehlungs-E-Mail und auf der Seite für Freunde, z. B. „ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung“.'
              }
              autosize
              minRows={2}
              maxLength={REFERRAL_GIFT_MAX}
              value={form.gift_text}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setForm((prev) => ({ ...prev, gift_text: value }));
              }}
              error={errors.gift_text}
              disabled={off}
              maw={640}
            />
            <Text size="sm" fw={600} mb={-6}>
              Stufen: ab welcher Quote und bis zu welchem Rabatt
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
              {TIERS.map((n) => (
                <Paper key={n} withBorder radius="md" p="sm" bg={off ? 'gray.0' : undefined}>
                  <Badge variant="light" color={off ? 'gray' : 'grape'} radius="sm" mb="xs">
                    Stufe {n}
                  </Badge>
                  <SimpleGrid cols={{ base: 2, sm: 1 }} spacing="xs" verticalSpacing="xs">
                    {n === 1 ? (
                      <Box>
                        <Text size="sm" fw={500}>
                          Ab Quote
                        </Text>
                        <Text size="sm" c="dimmed" lh="34px">
                          0 (Einstieg)
                        </Text>
                      </Box>
                    ) : (
                      input(`r_threshold_${n - 1}` as NumberKey, `R-Schwellenwert ${n - 1}`)
                    )}
                    {input(`cap_percentage_${n}` as NumberKey, `Rabatt-Cap ${n}`, { percent: true })}
                  </SimpleGrid>
                </Paper>
              ))}
            </SimpleGrid>
            {error && (
              <Alert color="red" role="alert" py="xs">
                {error}
              </Alert>
            )}
            <Group justify="space-between" gap="xs">
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={() => setConfirmReset(true)}
                disabled={save.isPending}
              >
                Auf Standard zurücksetzen
              </Button>
              <Button type="submit" disabled={save.isPending || reset.isPending}>
                {save.isPending ? 'Speichern...' : 'Speichern'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={confirmReset}
        title="Einstellungen zurücksetzen"
        confirmLabel="Zurücksetzen"
        message={`Sind Sie sicher, dass Sie die Einstellungen des Empfehlungsprogramms auf die Standardwerte zurücksetzen möchten? (${DEFAULTS_TEXT})`}
        errorFallback="Fehler beim Zurücksetzen der Einstellungen"
        onConfirm={async () => {
          await reset.mutateAsync(undefined);
          setErrors({});
          setError(null);
          notifySuccess('Einstellungen auf Standard zurückgesetzt');
        }}
        onClose={() => setConfirmReset(false)}
      />
    </Card>
  );
}

import {
  type DirectDebitSettingsInput,
  PAIN_VERSION_LABELS,
  zDirectDebitSettingsInput,
} from '@butler/contract/direct-debit';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormError } from '../../../components/dialog-parts';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useDirectDebitSettings, useSaveDirectDebitSettings } from '../api/direct-debit';

type Values = Required<DirectDebitSettingsInput>;

/** Einstellungen → Lastschrift: Gläubiger-ID, Einzugskonto, Vorabankündigung, Dateiformat. */
export function DirectDebitSettingsCard() {
  const settings = useDirectDebitSettings();
  const save = useSaveDirectDebitSettings();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      creditor_id: '',
      collection_iban: '',
      collection_bic: '',
      pre_notification_days: 14,
      shorter_period_agreed: false,
      pain_version: '001.08',
    },
    validate: schemaResolver(zDirectDebitSettingsInput, { sync: true }),
    validateInputOnBlur: true,
  });
  const loaded = settings.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per loaded answer
  useEffect(() => {
    if (!loaded) return;
    const { ready: _ready, ...values } = loaded;
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded]);

  if (settings.isPending) return <PageLoader text="Lade Lastschrift-Einstellungen..." />;
  if (settings.isError) {
    return <ErrorState text="Einstellungen konnten nicht geladen werden" onRetry={() => void settings.refetch()} />;
  }

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess('Lastschrift-Einstellungen gespeichert'),
      onError: (error) => {
        if (error instanceof ApiError && error.details) form.setErrors(error.details);
      },
    }),
  );

  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="direct-debit-settings">
      <Title order={2} size="h4" id="direct-debit-settings" mb={2}>
        SEPA-Lastschrift
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Mit Gläubiger-ID und Einzugskonto können ButlerPakete per Lastschrift eingezogen werden. Die Gläubiger-ID
        vergibt die Oesterreichische Nationalbank über Ihre Bank.
      </Text>
      <Stack gap="sm">
        <FormError message={save.error ? errorText(save.error, 'Fehler beim Speichern der Einstellungen') : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Gläubiger-ID"
            placeholder="AT12ZZZ00000000001"
            description="18 Zeichen, beginnt mit AT und ZZZ"
            {...form.getInputProps('creditor_id')}
          />
          <Select
            label="Dateiformat"
            data={Object.entries(PAIN_VERSION_LABELS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            {...form.getInputProps('pain_version')}
          />
          <TextInput
            label="IBAN des Einzugskontos"
            placeholder="AT61 1904 3002 3457 3201"
            {...form.getInputProps('collection_iban')}
          />
          <TextInput label="BIC (optional)" placeholder="BKAUATWW" {...form.getInputProps('collection_bic')} />
          <NumberInput
            label="Vorabankündigung (Tage vor dem Einzug)"
            min={1}
            max={30}
            step={1}
            allowDecimal={false}
            {...form.getInputProps('pre_notification_days')}
          />
          <Switch
            mt={{ sm: 'xl' }}
            label="Kürzere Frist mit den Kunden vereinbart"
            description="Erst dann sind weniger als 14 Tage erlaubt"
            {...form.getInputProps('shorter_period_agreed', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" c={loaded?.ready ? 'teal' : 'dimmed'}>
            {loaded?.ready
              ? 'Bereit: Lastschriften können erstellt werden.'
              : 'Noch nicht bereit: Gläubiger-ID und IBAN fehlen.'}
          </Text>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Speichern...' : 'Speichern'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { type BillingSettings, zBillingSettings } from '@butler/contract/billing-settings';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import {
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DateField } from '../../../components/date-field';
import { FormError } from '../../../components/dialog-parts';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useBillingSettings, useSaveBillingSettings } from '../api/billing';
import { EURO_INPUT } from './payment-dialog';

const LEVEL_HINTS = [
  'Tage nach der Fälligkeit der Rechnung',
  'Tage nach der Zahlungserinnerung',
  'Tage nach der 1. Mahnung',
];

/**
 * "Abrechnung und Mahnwesen" (decision 0581): how ButlerPaket invoices are created, automatic
 * renewal notice, the daily Mahnlauf with its three levels (days, fee, text) and default
 * interest (decisions 0581, 0582, 0585).
 */
export function BillingSettingsCard() {
  const query = useBillingSettings();
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  // Linked as …/settings#abrechnung (Einstellungen, Nächste Abrechnungen): show it once its form is there.
  useEffect(() => {
    if (loaded && hash === '#abrechnung') document.getElementById('abrechnung')?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <Card id="abrechnung" data-testid="billing-settings">
      <Title order={2} size="h4" mb={2}>
        Abrechnung und Mahnwesen
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        ButlerPaket-Rechnungen, Zahlungserinnerungen und Mahnungen laufen täglich von selbst.
      </Text>
      {query.isPending ? (
        <PageLoader text="Lade Einstellungen..." />
      ) : query.isError ? (
        <ErrorState text="Einstellungen konnten nicht geladen werden" onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm initial={query.data} />
      )}
    </Card>
  );
}

function SettingsForm({ initial }: { initial: BillingSettings }) {
  const save = useSaveBillingSettings();
  const form = useForm<BillingSettings>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(zBillingSettings, { sync: true }),
  });
  const values = form.getValues();
  const submit = form.onSubmit(async () => {
    try {
      const saved = await save.mutateAsync(zBillingSettings.parse(form.getValues()));
      form.setInitialValues(saved);
      form.setValues(saved);
      notifySuccess('Einstellungen erfolgreich gespeichert');
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={save.error ? errorText(save.error, 'Fehler beim Speichern der Einstellungen') : null} />
        <Radio.Group
          label="ButlerPaket-Rechnungen"
          description="Was der tägliche Lauf für jeden fälligen Abrechnungszeitraum erstellt"
          {...form.getInputProps('subscription_invoice_mode')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="draft" label="Entwurf zur Prüfung erstellen" />
            <Radio value="send" label="Sofort ausstellen und per E-Mail versenden" />
          </Stack>
        </Radio.Group>
        <NumberInput
          label="Automatische Verlängerung"
          description="So viele Tage vor dem Ende wird ein ButlerPaket mit automatischer Verlängerung verlängert"
          suffix=" Tage"
          min={1}
          max={180}
          maw={320}
          allowDecimal={false}
          {...form.getInputProps('renewal_notice_days')}
        />
        <Divider />
        <Switch
          label="Automatischer Mahnlauf"
          description="Täglich um 08:00 werden fällige Zahlungserinnerungen und Mahnungen versendet (nie zweimal pro Stufe, nicht bei Mahnsperre)"
          {...form.getInputProps('automatic_reminders', { type: 'checkbox' })}
        />
        {values.levels.map((level, index) => (
          <Stack key={level.level} gap="xs">
            <Text fw={600} size="sm">
              {REMINDER_LABELS[index]}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label="Nach Tagen"
                description={LEVEL_HINTS[index]}
                withAsterisk
                min={1}
                max={365}
                allowDecimal={false}
                {...form.getInputProps(`levels.${index}.days`)}
              />
              <NumberInput
                label="Mahnspesen (€)"
                description="0 für keine"
                {...EURO_INPUT}
                max={1000}
                {...form.getInputProps(`levels.${index}.fee`)}
              />
            </SimpleGrid>
            <Textarea
              label="Text"
              description="Steht im Schreiben nach „Sehr geehrte Damen und Herren,“"
              withAsterisk
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps(`levels.${index}.text`)}
            />
          </Stack>
        ))}
        <Divider />
        <Switch
          label="Verzugszinsen auf Mahnungen ausweisen"
          description="Unternehmer: Basiszinssatz + 9,2 Prozentpunkte (§ 456 UGB); Verbraucher: 4&nbsp;% p.a. (§ 1000 ABGB)"
          {...form.getInputProps('default_interest', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Basiszinssatz (%)"
            decimalSeparator=","
            decimalScale={3}
            step={0.01}
            min={-10}
            max={30}
            disabled={!values.default_interest}
            {...form.getInputProps('base_rate')}
          />
          <DateField
            label="Gültig seit"
            disabled={!values.default_interest}
            {...form.getInputProps('base_rate_since')}
            value={values.base_rate_since}
            onChange={(value) => form.setFieldValue('base_rate_since', value ?? '')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Speichern...' : 'Abrechnung speichern'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  HOUR_SHOP_DAILY_LIMIT,
  HOUR_SHOP_RELEASE_LABELS,
  HOUR_SHOP_RELEASES,
  type HourShopRelease,
  type HourShopSettings,
  zHourShopSettings,
} from '@butler/contract/hour-shop';
import { Anchor, NumberInput, Radio, Stack, Switch } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../../components/settings-form';
import { HourOffersEditor } from './hour-offers-editor';

const DEFAULTS: HourShopSettings = {
  release: 'immediate',
  requires_confirmation: false,
  daily_limit: HOUR_SHOP_DAILY_LIMIT.default,
};

/**
 * Einstellungen → Stunden nachkaufen (decision 0850): the Stundenpakete the lounge sells,
 * when bought hours become usable, whether staff confirm each order, and how many orders a
 * customer may place a day.
 */
export function HourShopSettingsCard() {
  const form = useSettingsForm<HourShopSettings>({
    queryKey: ['hour-shop-settings'],
    url: '/api/settings/hour-shop',
    defaults: DEFAULTS,
    schema: zHourShopSettings,
    savedText: 'Einstellungen für „Stunden nachkaufen“ gespeichert',
    invalidates: [['hour-shop']],
  });
  const { values, errors } = form;
  return (
    <SettingsCard
      titleId="hour-shop-settings-title"
      icon={<IconShoppingBag size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Stunden nachkaufen"
      intro="Welche Stundenpakete Kunden in der Lounge selbst kaufen können. Jede Bestellung erstellt das Stundenpaket und die Rechnung und sendet sie per E-Mail."
      query={form.settings}
      loadingText="Lade Einstellungen..."
      loadErrorText="Fehler beim Laden der Einstellungen für „Stunden nachkaufen“"
    >
      <Stack gap="lg">
        <HourOffersEditor />
        <Anchor component={Link} to="/admin/stundenbestellungen" size="sm">
          Alle Stundenbestellungen aus der Lounge ansehen
        </Anchor>
        <form onSubmit={form.submit} noValidate>
          <Stack>
            <Radio.Group
              label="Gekaufte Stunden sind nutzbar"
              value={values.release}
              onChange={(value) => form.setValue('release', value as HourShopRelease)}
              error={errors.release}
            >
              <Stack gap="xs" mt="xs">
                {HOUR_SHOP_RELEASES.map((release) => (
                  <Radio key={release} value={release} label={HOUR_SHOP_RELEASE_LABELS[release]} />
                ))}
              </Stack>
            </Radio.Group>
            <Switch
              label="Bestellungen erst nach Bestätigung durch das Büro ausführen"
              description="Dann entstehen Stundenpaket und Rechnung erst, wenn jemand die Bestellung unter „Stundenbestellungen“ bestätigt."
              checked={values.requires_confirmation}
              onChange={(event) => form.setValue('requires_confirmation', event.currentTarget.checked)}
              error={errors.requires_confirmation}
            />
            <NumberInput
              label="Bestellungen pro Kunde und Tag"
              description="Schützt vor versehentlichen Mehrfachkäufen."
              withAsterisk
              maw={360}
              value={values.daily_limit}
              onChange={(value) => form.setValue('daily_limit', toSettingsNumber(value))}
              error={errors.daily_limit}
              min={HOUR_SHOP_DAILY_LIMIT.min}
              max={HOUR_SHOP_DAILY_LIMIT.max}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
            />
            <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
          </Stack>
        </form>
      </Stack>
    </SettingsCard>
  );
}

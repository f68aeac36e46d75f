import type { Product } from '@butler/contract/quickbill';
import {
  TRIP_OVERRUN_LABELS,
  TRIP_OVERRUN_RULES,
  type TripOverrunRule,
  type VisitSettings,
  zVisitSettingsInput,
} from '@butler/contract/visits';
import { NumberInput, Radio, Select, Stack, Switch } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SettingsCard, SettingsFormFooter, toSettingsNumber, useSettingsForm } from '../../components/settings-form';
import { apiRequest } from '../../lib/api-client';

/** Before the first answer only; the server holds the real values. */
const DEFAULTS: VisitSettings = {
  request_hours: 24,
  trip_overrun: 'warn',
  trips_carry_over: false,
  trip_product_id: null,
};

/**
 * Einstellungen → Termine (decision 0840): until when customers may ask in the lounge to
 * move or cancel a visit, what happens with a trip beyond the ButlerPaket's Fahrten, and
 * whether unused Fahrten carry over; GET/PUT /api/settings/visits.
 */
export function VisitSettingsCard() {
  const form = useSettingsForm<VisitSettings>({
    queryKey: ['visit-settings'],
    url: '/api/settings/visits',
    defaults: DEFAULTS,
    schema: zVisitSettingsInput,
    savedText: 'Termin-Einstellungen gespeichert',
    // The lounge's "Verschieben oder absagen" and the Fahrten lines read these.
    invalidates: [['visits']],
  });
  const { values, errors } = form;
  // "verrechnen" bills a trip as one of the Quickbill products (e.g. "Fahrt").
  const products = useQuery({
    queryKey: ['quickbill', 'products', true],
    queryFn: () => apiRequest<Product[]>('/api/quickbill/products', { query: { active: 'true' } }),
    enabled: values.trip_overrun === 'bill',
  });

  return (
    <SettingsCard
      titleId="visit-settings-title"
      icon={<IconCalendarEvent size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Termine"
      intro="Was Kunden in der Lounge an ihren Terminen ändern dürfen und wie Fahrten gegen das ButlerPaket zählen."
      query={form.settings}
      loadingText="Lade Termin-Einstellungen..."
      loadErrorText="Fehler beim Laden der Termin-Einstellungen"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <NumberInput
            label="Änderungswünsche in der Lounge bis"
            description="Danach nur noch telefonisch. 0: bis zum Beginn des Termins."
            withAsterisk
            maw={360}
            value={values.request_hours}
            onChange={(value) => form.setValue('request_hours', toSettingsNumber(value))}
            error={errors.request_hours}
            min={0}
            max={336}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            suffix=" Stunden vorher"
            step={1}
          />
          <Radio.Group
            label="Fahrten über dem Kontingent"
            description="Wenn ein Termin mit Fahrt mehr Fahrten braucht, als das ButlerPaket im Monat enthält."
            value={values.trip_overrun}
            onChange={(value) => form.setValue('trip_overrun', value as TripOverrunRule)}
            error={errors.trip_overrun}
          >
            <Stack gap="xs" mt="xs">
              {TRIP_OVERRUN_RULES.map((rule) => (
                <Radio key={rule} value={rule} label={TRIP_OVERRUN_LABELS[rule]} />
              ))}
            </Stack>
          </Radio.Group>
          {values.trip_overrun === 'bill' && (
            <Select
              label="Produkt für eine zusätzliche Fahrt"
              description="Steht mit seinem Preis auf der nächsten ButlerPaket-Rechnung, einmal je Fahrt."
              placeholder={products.isPending ? 'Lade Produkte...' : 'Produkt wählen'}
              withAsterisk
              maw={360}
              data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={values.trip_product_id === null ? null : String(values.trip_product_id)}
              onChange={(value) => form.setValue('trip_product_id', value === null ? null : Number(value))}
              error={errors.trip_product_id}
              nothingFoundMessage="Kein aktives Produkt: bitte zuerst in Quickbill → Produkte anlegen"
            />
          )}
          <Switch
            label="Nicht genutzte Fahrten in den nächsten Monat übernehmen"
            description="Nur in den folgenden Monat desselben ButlerPakets; danach verfallen sie."
            checked={values.trips_carry_over}
            onChange={(event) => form.setValue('trips_carry_over', event.currentTarget.checked)}
            error={errors.trips_carry_over}
          />
          <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

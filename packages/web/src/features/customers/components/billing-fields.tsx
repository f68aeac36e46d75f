import { countryOptions, DEFAULT_COUNTRY } from '@butler/contract/countries';
import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';

export type BillingValues = {
  street: string;
  postal_code: string;
  city: string;
  country: string;
  uid: string;
  is_business: boolean;
};

export const emptyBilling: BillingValues = {
  street: '',
  postal_code: '',
  city: '',
  country: DEFAULT_COUNTRY,
  uid: '',
  is_business: false,
};

/**
 * The customer's billing address as invoices carry it (PDF, EN 16931 XML, ebInterface):
 * street, postal code, city, country, UID-Nummer, and whether they buy as a business.
 */
export function BillingFields({
  values,
  set,
  errors,
}: {
  values: BillingValues;
  set: <K extends keyof BillingValues>(key: K, value: BillingValues[K]) => void;
  errors: Record<string, string>;
}) {
  const countries = useMemo(() => countryOptions(), []);
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm" mt="xs">
        Rechnungsanschrift
      </Text>
      <TextInput
        label="Straße und Hausnummer"
        value={values.street}
        onChange={(e) => set('street', e.currentTarget.value)}
        error={errors.street}
        autoComplete="street-address"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="PLZ"
          value={values.postal_code}
          onChange={(e) => set('postal_code', e.currentTarget.value)}
          error={errors.postal_code}
          autoComplete="postal-code"
        />
        <TextInput
          label="Ort"
          value={values.city}
          onChange={(e) => set('city', e.currentTarget.value)}
          error={errors.city}
          autoComplete="address-level2"
        />
        <Select
          label="Land"
          data={countries}
          value={values.country}
          onChange={(v) => set('country', v ?? DEFAULT_COUNTRY)}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Kein Land gefunden"
          error={errors.country}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="UID-Nummer"
          placeholder="ATU12345678"
          value={values.uid}
          onChange={(e) => set('uid', e.currentTarget.value.toUpperCase())}
          error={errors.uid}
        />
        <Switch
          mt={{ base: 0, sm: 30 }}
          label="Unternehmer (B2B)"
          description="Geschäftskunde: kauft für seinen Betrieb"
          checked={values.is_business}
          onChange={(e) => set('is_business', e.currentTarget.checked)}
        />
      </SimpleGrid>
    </Stack>
  );
}

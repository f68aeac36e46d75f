import { countryName } from '@butler/contract/countries';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCustomerBilling } from '../api/catalog';

/**
 * The recipient block the invoice will carry: the customer's structured billing address,
 * country, UID and whether they buy as a business. It is taken from the customer when the
 * draft is saved and again when it is issued; changes belong in the customer's data.
 */
export function BillingAddress({ customerId }: { customerId: number | null }) {
  const customer = useCustomerBilling(customerId);
  if (customerId === null) return null;
  if (customer.isPending) return <Text size="sm">Lade Rechnungsanschrift...</Text>;
  if (customer.isError) return <Text size="sm">Rechnungsanschrift konnte nicht geladen werden</Text>;
  const c = customer.data;
  const person = `${c.first_name} ${c.last_name}`;
  const cityLine = [c.postal_code, c.city].filter(Boolean).join(' ');
  const complete = Boolean(c.street && c.postal_code && c.city);
  return (
    <Stack gap={4} data-testid="billing-address">
      <Text size="sm" fw={500}>
        Rechnungsanschrift
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {[c.company || person, c.company ? `z. H. ${person}` : null, c.street, cityLine, countryName(c.country)]
          .filter(Boolean)
          .join('\n')}
      </Text>
      <Group gap="xs">
        <Badge variant="light" color={c.is_business ? 'blue' : 'gray'}>
          {c.is_business ? 'Unternehmer (B2B)' : 'Privatkunde'}
        </Badge>
        {c.uid && <Badge variant="outline">UID {c.uid}</Badge>}
      </Group>
      {!complete && (
        <Text size="xs" c="orange.9">
          Straße, PLZ oder Ort fehlen: Rechnungen über € 400 brauchen die vollständige Anschrift.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Die Anschrift stammt aus den Kundendaten und wird beim Versand übernommen.{' '}
        <Anchor component={Link} to="/admin/customers" size="xs">
          Kundendaten bearbeiten
        </Anchor>
      </Text>
    </Stack>
  );
}

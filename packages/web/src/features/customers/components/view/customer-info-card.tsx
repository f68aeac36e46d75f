import { type Customer, knownBirthdate } from '@butler/contract/customers';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../lib/format';
import { ReferralCodeButton } from '../customers-list';
import { StatusBadge } from '../status-badge';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Kundeninformation: contact data, registration date, status, referral code (click copies); the Betreuer are in the page's header. */
export function CustomerInfoCard({ customer }: { customer: Customer }) {
  return (
    <Card h="100%">
      <Title order={2} size="h4" mb="sm">
        Kundeninformation
      </Title>
      <Stack gap={6}>
        <Row label="E-Mail">{customer.email}</Row>
        <Row label="Telefon">{customer.phone || '–'}</Row>
        <Row label="Unternehmen">{customer.company || '–'}</Row>
        <Row label="Geburtsdatum">{knownBirthdate(customer.birthdate) ? formatDate(customer.birthdate) : '–'}</Row>
        <Row label="Registriert am">{formatDate(customer.created_at)}</Row>
        <Row label="Status">
          <StatusBadge active={customer.is_active} inactiveLabel="Deaktiviert" />
        </Row>
        <Row label="Empfehlungscode">
          <ReferralCodeButton code={customer.referral_code} />
        </Row>
      </Stack>
    </Card>
  );
}

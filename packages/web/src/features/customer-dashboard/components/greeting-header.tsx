import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconCake, IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, knownBirthdate } from '../../../lib/format';
import classes from './lounge.module.css';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} className={classes.detail}>
      {icon}
      <Text size="sm" c="navy.0" truncate>
        {children}
      </Text>
    </Group>
  );
}

/** 'Zu Diensten, {Vorname}.' with the e-mail; the admin view adds phone, company and birthdate. */
export function GreetingHeader({
  customer,
  adminView,
  onContact,
}: {
  customer: CustomerDashboard['customer'];
  adminView: boolean;
  onContact: () => void;
}) {
  return (
    <Box className={classes.hero} data-print="keep-colours">
      <Group justify="space-between" align="flex-end" gap="lg">
        <Stack gap="xs" miw={0} style={{ flex: 1 }}>
          <Text size="xs" tt="uppercase" fw={700} c="gold.4" style={{ letterSpacing: '0.12em' }}>
            {adminView ? 'Kundenansicht' : 'Persönliche Lounge'}
          </Text>
          <Title order={1} c="white" lh={1.15} className={classes.heroTitle}>
            Zu Diensten, {customer.first_name}.
          </Title>
          <Group gap="lg" style={{ rowGap: 6 }} mt={4}>
            <Detail icon={<IconMail size={16} color="var(--mantine-color-gold-4)" aria-hidden />} label="E-Mail">
              {customer.email}
            </Detail>
            {adminView && customer.phone && (
              <Detail icon={<IconPhone size={16} color="var(--mantine-color-gold-4)" aria-hidden />} label="Telefon">
                {customer.phone}
              </Detail>
            )}
            {adminView && customer.company && (
              <Detail icon={<IconBuilding size={16} color="var(--mantine-color-gold-4)" aria-hidden />} label="Firma">
                {customer.company}
              </Detail>
            )}
            {adminView && (
              <Detail
                icon={<IconCake size={16} color="var(--mantine-color-gold-4)" aria-hidden />}
                label="Geburtsdatum"
              >
                {knownBirthdate(customer.birthdate) ? formatDate(customer.birthdate) : '–'}
              </Detail>
            )}
          </Group>
        </Stack>
        <Button
          color="gold.4"
          c="navy.9"
          radius="xl"
          size="md"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
          onClick={onContact}
          className={classes.contactButton}
        >
          Mein BUTLER kontaktieren
        </Button>
      </Group>
    </Box>
  );
}

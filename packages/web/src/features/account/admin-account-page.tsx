import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAccount } from './api/account';
import { DevicesCard } from './components/devices-card';
import { PasswordChangeCard } from './components/password-change-card';
import { TwoFactorCard } from './components/two-factor-card';

/** "Konto & Sicherheit" for staff: own password, 2FA, signed-in devices. */
export function AdminAccountPage() {
  const navigate = useNavigate();
  const account = useAccount();
  return (
    <>
      <PageHeader
        title="Konto & Sicherheit"
        subtitle="Ihr Passwort, die Zwei-Faktor-Anmeldung und Ihre angemeldeten Geräte"
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/admin/settings')}
          >
            Zu den Einstellungen
          </Button>
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Group gap="xs" mb="xs">
            <IconUser size={20} aria-hidden />
            <Title order={2} size="h4">
              Ihr Konto
            </Title>
          </Group>
          {account.data && (
            <Text>
              {account.data.name} · Benutzername <b>{account.data.username}</b>
              {account.data.email ? ` · ${account.data.email}` : ''}
            </Text>
          )}
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PasswordChangeCard voice="sie" />
          <TwoFactorCard />
        </SimpleGrid>
        <DevicesCard />
      </Stack>
    </>
  );
}

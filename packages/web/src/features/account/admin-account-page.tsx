import type { AdminUser } from '@butler/contract/auth';
import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageHeader } from '../../components/page-header';
import { useAccount } from './api/account';
import { DevicesCard } from './components/devices-card';
import { DisplayNameForm } from './components/display-name-form';
import { PasswordChangeCard } from './components/password-change-card';
import { TwoFactorCard } from './components/two-factor-card';

/** "Konto & Sicherheit" for staff: own password, 2FA, signed-in devices. */
export function AdminAccountPage() {
  const navigate = useNavigate();
  const account = useAccount();
  const { user } = useSession();
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
            <Stack gap="sm">
              <Text>
                Benutzername <b>{account.data.username}</b>
                {account.data.email ? ` · ${account.data.email}` : ''}
              </Text>
              <Box maw={480}>
                <DisplayNameForm
                  key={user?.name}
                  initial={(user as AdminUser | null)?.needs_display_name ? '' : (user?.name ?? '')}
                />
              </Box>
            </Stack>
          )}
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PasswordChangeCard voice="staff" />
          <TwoFactorCard />
        </SimpleGrid>
        <DevicesCard />
      </Stack>
    </>
  );
}

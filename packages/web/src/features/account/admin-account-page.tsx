import type { AdminUser } from '@butler/contract/auth';
import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconMail, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/permissions';
import { useSession } from '../../app/session-context';
import { PageHeader } from '../../components/page-header';
import { StaffEmailDialog } from '../../components/staff-email-dialog';
import { accountKeys, useAccount } from './api/account';
import { DevicesCard } from './components/devices-card';
import { DisplayNameForm } from './components/display-name-form';
import { PasswordChangeCard } from './components/password-change-card';
import { StaffCalendarFeedsCard } from './components/staff-calendar-feeds-card';
import { TwoFactorCard } from './components/two-factor-card';

/** "Konto & Sicherheit" for staff: own password, 2FA, signed-in devices, the Kalender-Abo. */
export function AdminAccountPage() {
  const navigate = useNavigate();
  const can = useCan();
  const withFeeds = can('visits.read');
  const account = useAccount();
  const { user } = useSession();
  const staff = user as AdminUser | null;
  const client = useQueryClient();
  const [editingEmail, setEditingEmail] = useState(false);
  const email = account.data?.email ?? null;
  return (
    <>
      <PageHeader
        title="Konto & Sicherheit"
        subtitle={
          withFeeds
            ? 'Ihr Name, Ihre E-Mail-Adresse, Ihr Passwort, die Zwei-Faktor-Anmeldung, Ihr Kalender-Abo und Ihre angemeldeten Geräte'
            : 'Ihr Name, Ihre E-Mail-Adresse, Ihr Passwort, die Zwei-Faktor-Anmeldung und Ihre angemeldeten Geräte'
        }
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
        {staff?.password_generated && (
          <Alert color="orange" icon={<IconKey size={18} aria-hidden />} title="Noch das erzeugte Passwort">
            Sie melden sich mit dem Passwort an, das beim ersten Start erzeugt wurde. Legen Sie unten unter „Passwort
            ändern“ ein eigenes fest
            {email ? '.' : ' und hinterlegen Sie eine E-Mail-Adresse für „Passwort vergessen?“.'}
          </Alert>
        )}
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
              </Text>
              <Group gap="sm" wrap="wrap" data-testid="own-email">
                <IconMail size={18} aria-hidden />
                <Text>
                  {email ? (
                    <>
                      E-Mail-Adresse <b>{email}</b>
                    </>
                  ) : (
                    'Keine E-Mail-Adresse hinterlegt'
                  )}
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => setEditingEmail(true)}>
                  {email ? 'E-Mail-Adresse ändern' : 'E-Mail-Adresse hinterlegen'}
                </Button>
              </Group>
              {!email && (
                <Text size="sm" c="dimmed">
                  Ohne E-Mail-Adresse können Sie ein vergessenes Passwort nicht selbst zurücksetzen, und
                  Sicherheitshinweise zu Ihrem Konto erreichen Sie nicht.
                </Text>
              )}
              <Box maw={480}>
                <DisplayNameForm key={user?.name} initial={staff?.needs_display_name ? '' : (user?.name ?? '')} />
              </Box>
            </Stack>
          )}
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PasswordChangeCard voice="staff" />
          <TwoFactorCard />
        </SimpleGrid>
        {withFeeds && <StaffCalendarFeedsCard />}
        <DevicesCard />
      </Stack>
      <StaffEmailDialog
        opened={editingEmail}
        onClose={() => setEditingEmail(false)}
        url="/api/account/email"
        who={null}
        current={email}
        onSaved={() => client.invalidateQueries({ queryKey: accountKeys.account })}
      />
    </>
  );
}

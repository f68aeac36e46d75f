import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { ActionIcon, Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';

/** Customer login at '/': customers go on to their dashboard; an admin is logged out here. */
export function CustomerLoginPage() {
  const { status, userType, logout } = useSession();
  const navigate = useNavigate();
  // After "Passwort festlegen" the login comes prefilled with a notice.
  const arrival = (useLocation().state ?? {}) as { login?: string; notice?: string };
  const [email, setEmail] = useState(arrival.login ?? '');
  const [password, setPassword] = useState('');
  // Written without "du" or "Sie": the page shows before anyone is known (decision 0621).
  const { busy, error, submit } = useLoginForm('customer', () => navigate('/customer/dashboard', { replace: true }));

  useEffect(() => {
    if (status === 'authenticated' && userType === 'admin') void logout({ silent: true });
  }, [status, userType, logout]);

  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  if (status === 'authenticated' && userType === 'customer') return <Navigate to="/customer/dashboard" replace />;

  return (
    <LoginLayout
      eyebrow={PUBLIC_PAGE_TEXTS.eyebrow}
      title="Zu Diensten."
      tagline={PUBLIC_PAGE_TEXTS.tagline}
      corner={
        <ActionIcon
          component={Link}
          to="/admin/login"
          variant="subtle"
          color="gray"
          aria-label="Zur Admin-Anmeldung"
          pos="absolute"
          bottom={12}
          right={12}
          style={{ opacity: 0.35 }}
        >
          <IconShieldLock size={18} />
        </ActionIcon>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(email, password);
        }}
        noValidate
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              {PUBLIC_PAGE_TEXTS.welcome}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {PUBLIC_PAGE_TEXTS.loginHint}
            </Text>
          </div>
          {arrival.notice && !error && (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
              {arrival.notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="E-Mail"
            type="email"
            autoComplete="username"
            placeholder="name@beispiel.at"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Passwort"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen oder verbergen' }}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/passwort-vergessen" size="sm">
              Passwort vergessen?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={false} disabled={busy} fullWidth mt="xs">
            {busy ? 'Anmeldung läuft...' : 'Anmelden'}
          </Button>
        </Stack>
      </form>
    </LoginLayout>
  );
}

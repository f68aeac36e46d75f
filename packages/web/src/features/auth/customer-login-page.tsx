import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconUserShield } from '@tabler/icons-react';
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
  // A username where the e-mail belongs ("admin"): staff at the wrong door (decision 0756).
  const [usernameTyped, setUsernameTyped] = useState<string | null>(null);
  // Written without "du" or "Sie": the page shows before anyone is known (decision 0621).
  const { busy, error, submit } = useLoginForm('customer', () => navigate('/customer/dashboard', { replace: true }));

  useEffect(() => {
    if (status === 'authenticated' && userType === 'admin') void logout({ silent: true });
  }, [status, userType, logout]);

  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  if (status === 'authenticated' && userType === 'customer') return <Navigate to="/customer/dashboard" replace />;

  return (
    <LoginLayout eyebrow={PUBLIC_PAGE_TEXTS.eyebrow} title="Zu Diensten." tagline={PUBLIC_PAGE_TEXTS.tagline}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const typed = email.trim();
          if (typed && password && !typed.includes('@')) {
            setUsernameTyped(typed);
            return;
          }
          setUsernameTyped(null);
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
          {error && !usernameTyped && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          {usernameTyped && (
            <Alert color="blue" icon={<IconUserShield size={18} />} role="alert" data-testid="username-typed">
              {PUBLIC_PAGE_TEXTS.usernameTyped}{' '}
              <Anchor component={Link} to="/admin/login" state={{ login: usernameTyped }} fw={600}>
                {PUBLIC_PAGE_TEXTS.toStaffLogin}
              </Anchor>
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
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/admin/login">
              {PUBLIC_PAGE_TEXTS.staffLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </LoginLayout>
  );
}

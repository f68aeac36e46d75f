import type { LoginChallenge } from '@butler/contract/auth';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';

// The second step is only for staff with 2FA: loaded when needed.
const SecondFactorStep = lazy(async () => ({ default: (await import('./second-factor-step')).SecondFactorStep }));
const EnrolmentStep = lazy(async () => ({ default: (await import('./second-factor-step')).EnrolmentStep }));

/** Admin login (SPEC §2): username, password with show/hide, 'Anmelden' / 'Anmeldung läuft...'. */
export function AdminLoginPage() {
  const { status, userType } = useSession();
  const navigate = useNavigate();
  const arrival = (useLocation().state ?? {}) as { login?: string; notice?: string; challenge?: LoginChallenge };
  const [username, setUsername] = useState(arrival.login ?? '');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<LoginChallenge | null>(arrival.challenge ?? null);
  // /admin sends each staff member to their role's start page (decision 0540).
  const toDashboard = () => navigate('/admin', { replace: true });
  const { busy, error, submit } = useLoginForm('admin', toDashboard, (next) => {
    setPassword('');
    setChallenge(next);
  });

  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  // While the recovery codes of a forced enrolment are shown the session is not adopted yet.
  if (status === 'authenticated' && userType === 'admin') return <Navigate to="/admin" replace />;

  if (challenge) {
    const Step = challenge.second_factor === 'totp' ? SecondFactorStep : EnrolmentStep;
    return (
      <LoginLayout
        eyebrow="Back Office"
        title="Verwaltung"
        tagline="Kunden, Stunden, Wiki und Rechnungen an einem Ort – ruhig, schnell und sicher."
      >
        <Suspense fallback={<PageLoader />}>
          <Step challenge={challenge} onDone={toDashboard} onRestart={() => setChallenge(null)} />
        </Suspense>
      </LoginLayout>
    );
  }

  return (
    <LoginLayout
      eyebrow="Back Office"
      title="Verwaltung"
      tagline="Kunden, Stunden, Wiki und Rechnungen an einem Ort – ruhig, schnell und sicher."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(username, password);
        }}
        noValidate
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              Admin-Anmeldung
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Nur für Mitarbeiterinnen und Mitarbeiter.
            </Text>
          </div>
          {arrival.notice && !error && (
            <Alert color="teal" role="status">
              {arrival.notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Benutzername"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
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
            <Anchor component={Link} to="/admin/passwort-vergessen" size="sm">
              Passwort vergessen?
            </Anchor>
          </Group>
          <Button type="submit" size="md" disabled={busy} fullWidth mt="xs">
            {busy ? 'Anmeldung läuft...' : 'Anmelden'}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/">
              Sind Sie ein Kunde? Hier klicken
            </Anchor>
          </Text>
        </Stack>
      </form>
    </LoginLayout>
  );
}

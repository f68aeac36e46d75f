import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';

/** Admin login (SPEC §2): username, password with show/hide, 'Anmelden' / 'Anmeldung läuft...'. */
export function AdminLoginPage() {
  const { status, userType } = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useLoginForm('admin', () => navigate('/admin/dashboard', { replace: true }));

  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  if (status === 'authenticated' && userType === 'admin') return <Navigate to="/admin/dashboard" replace />;

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

import { FORGOT_PASSWORD_ANSWER } from '@butler/contract/auth';
import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest, errorText } from '../../lib/api-client';
import { LoginLayout } from './login-layout';

/** "Passwort vergessen?" for customers: always the same answer, whether the address exists or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(PUBLIC_PAGE_TEXTS.forgotEmpty);
      return;
    }
    setBusy(true);
    try {
      await apiRequest('/api/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        skipUnauthorizedHandling: true,
      });
      setSent(true);
    } catch (cause) {
      setError(errorText(cause, 'Das hat nicht geklappt. Bitte noch einmal versuchen.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LoginLayout
      eyebrow={PUBLIC_PAGE_TEXTS.eyebrow}
      title="Passwort vergessen?"
      tagline={PUBLIC_PAGE_TEXTS.forgotTagline}
    >
      {sent ? (
        <Stack gap="md">
          <Alert
            color="teal"
            icon={<IconMailCheck size={18} />}
            role="status"
            title={PUBLIC_PAGE_TEXTS.forgotSentTitle}
          >
            {FORGOT_PASSWORD_ANSWER}
          </Alert>
          <Anchor component={Link} to="/">
            Zurück zur Anmeldung
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                Neues Passwort anfordern
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {PUBLIC_PAGE_TEXTS.forgotHint}
              </Text>
            </div>
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
            <Button type="submit" size="md" loading={busy} fullWidth>
              Link senden
            </Button>
            <Text ta="center" size="sm">
              <Anchor component={Link} to="/">
                Zurück zur Anmeldung
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </LoginLayout>
  );
}

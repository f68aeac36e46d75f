import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest, errorText } from '../../lib/api-client';
import { LoginLayout } from './login-layout';

/** The words and the request of one "Passwort vergessen?" page (customers or staff). */
export type ForgotPasswordTexts = {
  eyebrow: string;
  tagline: string;
  hint: string;
  label: string;
  type?: 'email';
  placeholder?: string;
  empty: string;
  failed: string;
  sentTitle: string;
  answer: string;
  back: { to: string; label: string };
  /** POSTs what was typed; the answer is the same whether an account was found or not. */
  send: (typed: string) => Promise<unknown>;
};

/** "Passwort vergessen?": one field, then always the same answer (decision 0305, 0756). */
export function ForgotPasswordForm({ texts }: { texts: ForgotPasswordTexts }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!value.trim()) {
      setError(texts.empty);
      return;
    }
    setBusy(true);
    try {
      await texts.send(value.trim());
      setSent(true);
    } catch (cause) {
      setError(errorText(cause, texts.failed));
    } finally {
      setBusy(false);
    }
  };
  const back = (
    <Anchor component={Link} to={texts.back.to}>
      {texts.back.label}
    </Anchor>
  );

  return (
    <LoginLayout eyebrow={texts.eyebrow} title="Passwort vergessen?" tagline={texts.tagline}>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconMailCheck size={18} />} role="status" title={texts.sentTitle}>
            {texts.answer}
          </Alert>
          {back}
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                Neues Passwort anfordern
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {texts.hint}
              </Text>
            </div>
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={texts.label}
              type={texts.type}
              autoComplete="username"
              placeholder={texts.placeholder}
              required
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={busy} fullWidth>
              Link senden
            </Button>
            <Text ta="center" size="sm">
              {back}
            </Text>
          </Stack>
        </form>
      )}
    </LoginLayout>
  );
}

/** The request of a "Passwort vergessen?" form, outside any session. */
export const postForgot = (url: string, body: Record<string, string>) =>
  apiRequest(url, { method: 'POST', body, skipUnauthorizedHandling: true });

import type { PasswordLinkInfo } from '@butler/contract/auth';
import { LOUNGE_TEXTS } from '@butler/contract/lounge-texts';
import { type CustomerVoice, DEFAULT_CUSTOMER_VOICE } from '@butler/contract/voice';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { ApiError, apiRequest, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { LoginLayout } from './login-layout';

const VOICE = {
  admin: {
    welcome: (name: string) => `Willkommen, ${name}`,
    invitation: 'Legen Sie Ihr Passwort für das Back Office fest.',
    reset: 'Legen Sie ein neues Passwort fest.',
    hint: 'Mindestens 10 Zeichen. Ein langer Satz ist leichter zu merken und sicherer als ein kurzes Passwort mit Sonderzeichen.',
    done: 'Ihr Passwort ist gespeichert. Bitte melden Sie sich an.',
    saved: 'Ihr Passwort ist gespeichert.',
    empty: 'Bitte geben Sie ein Passwort ein',
  },
  /** Customers: the texts of their form of address, as the link's info says (decision 0620). */
  customer: (voice: CustomerVoice) => {
    const lounge = LOUNGE_TEXTS[voice];
    return {
      welcome: (name: string) => `Willkommen, ${name}`,
      invitation: lounge.passwordInvitation,
      reset: lounge.passwordReset,
      hint: 'Mindestens 10 Zeichen. Ein langer Satz ist leichter zu merken und sicherer als ein kurzes Passwort mit Sonderzeichen.',
      done: lounge.passwordDone,
      saved: lounge.passwordSaved,
      empty: lounge.passwordEmpty,
    };
  },
};

/**
 * "Passwort festlegen": the page behind invitation and reset links. The token travels in
 * the URL fragment (#…), so it never reaches server logs or Referer headers.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const { login } = useSession();
  const token = window.location.hash.replace(/^#/, '');
  const [info, setInfo] = useState<PasswordLinkInfo | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setInvalid('Dieser Link ist unvollständig. Bitte den Link aus der E-Mail vollständig öffnen.');
      return;
    }
    apiRequest<PasswordLinkInfo>('/api/auth/password-link/info', {
      method: 'POST',
      body: { token },
      skipUnauthorizedHandling: true,
    })
      .then(setInfo)
      .catch((cause) => setInvalid(errorText(cause, 'Dieser Link ist ungültig')));
  }, [token]);

  const t = info?.user_type === 'admin' ? VOICE.admin : VOICE.customer(info?.voice ?? DEFAULT_CUSTOMER_VOICE);
  const loginPath = info?.user_type === 'admin' ? '/admin/login' : '/';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!password) next.password = t.empty;
    else if (password !== repeat) next.repeat = 'Die Passwörter stimmen nicht überein';
    setErrors(next);
    if (Object.keys(next).length || !info) return;
    setBusy(true);
    try {
      const done = await apiRequest<{ login: string }>('/api/auth/password-link', {
        method: 'POST',
        body: { token, password },
        skipUnauthorizedHandling: true,
      });
      window.history.replaceState(null, '', window.location.pathname);
      // Decision 0645: the person who just set the password is signed in with it; staff with
      // two-factor sign-in continue at its second step, and only if signing in fails does the
      // login page open (with the login filled in).
      try {
        const session = await login(done.login, password, info.user_type);
        if ('challenge' in session)
          navigate(loginPath, { replace: true, state: { login: done.login, challenge: session } });
        else {
          notifySuccess(t.saved);
          navigate(info.user_type === 'admin' ? '/admin' : '/customer/dashboard', { replace: true });
        }
      } catch {
        navigate(loginPath, { replace: true, state: { login: done.login, notice: t.done } });
      }
    } catch (cause) {
      if (cause instanceof ApiError && cause.details?.token) setInvalid(cause.details.token);
      else
        setErrors(
          cause instanceof ApiError && cause.details
            ? cause.details
            : { form: errorText(cause, 'Fehler beim Speichern') },
        );
    } finally {
      setBusy(false);
    }
  };

  const layout = (children: React.ReactNode) => (
    <LoginLayout
      eyebrow="Butler-Portal"
      title="Passwort festlegen"
      tagline="Ein eigenes Passwort – in einem Schritt festgelegt."
    >
      {children}
    </LoginLayout>
  );
  if (invalid) {
    return layout(
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Link nicht gültig">
          {invalid}
        </Alert>
        <Anchor component={Link} to="/passwort-vergessen">
          Neuen Link anfordern (Kunden)
        </Anchor>
        <Anchor component={Link} to="/">
          Zur Anmeldung
        </Anchor>
      </Stack>,
    );
  }
  if (!info) return <PageLoader text="Link wird geprüft..." />;
  const toggle = { 'aria-label': 'Passwort anzeigen oder verbergen' };
  return layout(
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t.welcome(info.name)}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {info.kind === 'invitation' ? t.invitation : t.reset}
          </Text>
        </div>
        <Text size="sm">
          {info.user_type === 'admin' ? 'Benutzername' : 'E-Mail'}: <b>{info.login}</b>
        </Text>
        <input type="text" name="username" autoComplete="username" value={info.login} readOnly hidden />
        <PasswordInput
          label="Neues Passwort"
          description={t.hint}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          visibilityToggleButtonProps={toggle}
          required
        />
        <PasswordInput
          label="Passwort wiederholen"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={errors.repeat}
          visibilityToggleButtonProps={toggle}
          required
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Button type="submit" size="md" loading={busy} fullWidth>
          Passwort speichern
        </Button>
      </Stack>
    </form>,
  );
}

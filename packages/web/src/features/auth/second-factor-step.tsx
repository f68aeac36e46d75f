import type { LoginChallenge, LoginWithRecoveryCodes, SecondFactorResponse, TotpSetup } from '@butler/contract/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../app/session-context';
import { apiRequest, errorText } from '../../lib/api-client';
import { RecoveryCodesPanel, TotpEnrolment } from '../account';

/** Second step of a staff login: the app's code, or a recovery code. */
export function SecondFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: LoginChallenge;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { adoptSession } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError('Bitte geben Sie den Code ein');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<SecondFactorResponse>('/api/auth/login/second-factor', {
        method: 'POST',
        body: { challenge: challenge.challenge, code: code.trim() },
        skipUnauthorizedHandling: true,
      });
      adoptSession(answer);
      if (answer.recovery_codes_left !== null) {
        notifications.show({
          color: answer.recovery_codes_left <= 3 ? 'orange' : 'teal',
          title: 'Wiederherstellungscode verwendet',
          message: `Noch ${answer.recovery_codes_left} Wiederherstellungscodes übrig. Neue Codes erstellen Sie unter „Konto & Sicherheit“.`,
          autoClose: 8000,
        });
      }
      onDone();
    } catch (cause) {
      setError(errorText(cause, 'Login fehlgeschlagen'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            Zwei-Faktor-Anmeldung
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {recovery
              ? 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code gilt nur einmal.'
              : 'Geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein.'}
          </Text>
        </div>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Wiederherstellungscode' : 'Code aus der App'}
          leftSection={<IconShieldLock size={16} />}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          maxLength={recovery ? 20 : 7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          required
        />
        <Button type="submit" size="md" disabled={busy} fullWidth>
          {busy ? 'Anmeldung läuft...' : 'Bestätigen'}
        </Button>
        <Text ta="center" size="sm">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Code aus der App verwenden' : 'Wiederherstellungscode verwenden'}
          </Anchor>
        </Text>
        <Text ta="center" size="sm">
          <Anchor component="button" type="button" c="dimmed" onClick={onRestart}>
            Zurück zur Anmeldung
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** 2FA is required for all staff and not set up yet: set it up now, then see the recovery codes. */
export function EnrolmentStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: LoginChallenge;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { adoptSession } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [answer, setAnswer] = useState<LoginWithRecoveryCodes | null>(null);
  if (codes && answer) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Zwei-Faktor-Anmeldung eingerichtet
        </Title>
        <RecoveryCodesPanel
          codes={codes}
          doneLabel="Weiter zum Dashboard"
          onDone={() => {
            adoptSession(answer);
            onDone();
          }}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Zwei-Faktor-Anmeldung einrichten
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Für alle Mitarbeiter ist die Zwei-Faktor-Anmeldung verpflichtend. Richten Sie sie jetzt ein, um fortzufahren.
        </Text>
      </div>
      <TotpEnrolment
        loadSetup={() =>
          apiRequest<TotpSetup>('/api/auth/login/enrolment', {
            method: 'POST',
            body: { challenge: challenge.challenge },
            skipUnauthorizedHandling: true,
          })
        }
        confirm={async (code) => {
          const result = await apiRequest<LoginWithRecoveryCodes>('/api/auth/login/enrolment/confirm', {
            method: 'POST',
            body: { challenge: challenge.challenge, code },
            skipUnauthorizedHandling: true,
          });
          setAnswer(result);
          setCodes(result.recovery_codes);
        }}
        onCancel={onRestart}
      />
    </Stack>
  );
}

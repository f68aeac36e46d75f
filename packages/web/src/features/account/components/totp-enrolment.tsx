import type { TotpSetup } from '@butler/contract/auth';
import { Alert, Button, Code, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';

/**
 * Setting up TOTP: QR code and key for the authenticator app, confirmed with a first code.
 * Used at a forced enrolment during login and on "Konto & Sicherheit".
 */
export function TotpEnrolment({
  loadSetup,
  confirm,
  onCancel,
}: {
  loadSetup: () => Promise<TotpSetup>;
  confirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one setup per mount
  useEffect(() => {
    loadSetup()
      .then(setSetup)
      .catch((cause) => setLoadError(errorText(cause, 'Die Einrichtung konnte nicht gestartet werden')));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Bitte geben Sie den sechsstelligen Code der App ein');
      return;
    }
    setBusy(true);
    try {
      await confirm(code.replace(/\s/g, ''));
    } catch (cause) {
      setError(cause instanceof ApiError ? (cause.details?.code ?? cause.message) : errorText(cause, 'Fehler'));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {loadError}
      </Alert>
    );
  }
  if (!setup) return <Loader size="sm" aria-label="Einrichtung wird vorbereitet" />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Scannen Sie den QR-Code mit einer Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator,
          Aegis oder 1Password).
        </Text>
        <Image src={setup.qr_code} alt="QR-Code für die Authenticator-App" w={200} h={200} radius="sm" />
        <Text size="sm">Oder geben Sie diesen Schlüssel von Hand ein:</Text>
        <Code block fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <TextInput
          label="2. Code aus der App"
          description="Der sechsstellige Code, den die App jetzt anzeigt"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          required
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Abbrechen
            </Button>
          )}
          <Button type="submit" loading={busy}>
            Bestätigen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

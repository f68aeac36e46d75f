import type { TotpSetup } from '@butler/contract/auth';
import { Badge, Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, apiRequest, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { accountKeys, useAccount } from '../api/account';
import { proveIdentityBody, proveIdentityProblems, proveIdentityStart } from './prove-identity-rules';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpEnrolment } from './totp-enrolment';

type Dialog = 'enrol' | 'disable' | 'renew' | null;

/** Staff: set up, switch off (password and code) and renew recovery codes of TOTP 2FA. */
export function TwoFactorCard() {
  const account = useAccount();
  const client = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = account.data;
  const close = () => {
    setDialog(null);
    setCodes(null);
    void client.invalidateQueries({ queryKey: accountKeys.account });
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="two-factor-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconShieldLock size={20} aria-hidden />
            <Title order={2} size="h4">
              Zwei-Faktor-Anmeldung
            </Title>
          </Group>
          {data && (
            <Badge color={data.totp_enabled ? 'teal' : 'gray'} variant="light">
              {data.totp_enabled ? 'Eingeschaltet' : 'Ausgeschaltet'}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Nach dem Passwort fragt die Anmeldung nach einem Code aus einer Authenticator-App auf Ihrem Telefon.
          {data?.totp_required && ' Für alle Mitarbeiter ist sie verpflichtend.'}
        </Text>
        {data?.totp_enabled && (
          <Text size="sm">Noch {data.recovery_codes_left} von 10 Wiederherstellungscodes unbenutzt.</Text>
        )}
        <Group gap="sm">
          {data && !data.totp_enabled && <Button onClick={() => setDialog('enrol')}>Einrichten</Button>}
          {data?.totp_enabled && (
            <>
              <Button variant="default" onClick={() => setDialog('renew')}>
                Neue Wiederherstellungscodes
              </Button>
              {!data.totp_required && (
                <Button variant="light" color="red" onClick={() => setDialog('disable')}>
                  Ausschalten
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>

      <Modal
        opened={dialog === 'enrol'}
        onClose={close}
        title="Zwei-Faktor-Anmeldung einrichten"
        fullScreen={phone}
        size="lg"
      >
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={close} doneLabel="Fertig" />
        ) : (
          <TotpEnrolment
            loadSetup={() => apiRequest<TotpSetup>('/api/account/totp/setup', { method: 'POST' })}
            confirm={async (code) => {
              const answer = await apiRequest<{ recovery_codes: string[] }>('/api/account/totp/confirm', {
                method: 'POST',
                body: { code },
              });
              setCodes(answer.recovery_codes);
            }}
            onCancel={close}
          />
        )}
      </Modal>

      <Modal
        opened={dialog === 'disable' || dialog === 'renew'}
        onClose={close}
        title={dialog === 'disable' ? 'Zwei-Faktor-Anmeldung ausschalten' : 'Neue Wiederherstellungscodes'}
        fullScreen={phone}
      >
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={close} doneLabel="Fertig" />
        ) : (
          <ProveIdentityForm
            submitLabel={dialog === 'disable' ? 'Ausschalten' : 'Neue Codes erstellen'}
            danger={dialog === 'disable'}
            onSubmit={async (body) => {
              if (dialog === 'disable') {
                await apiRequest('/api/account/totp/disable', { method: 'POST', body });
                notifySuccess('Zwei-Faktor-Anmeldung ausgeschaltet');
                close();
              } else {
                const answer = await apiRequest<{ recovery_codes: string[] }>('/api/account/totp/recovery-codes', {
                  method: 'POST',
                  body,
                });
                setCodes(answer.recovery_codes);
              }
            }}
            onCancel={close}
          />
        )}
      </Modal>
    </Card>
  );
}

/** Password and code before 2FA is switched off or new recovery codes are made. */
function ProveIdentityForm({
  submitLabel,
  danger,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  danger: boolean;
  onSubmit: (body: { password: string; code: string }) => Promise<void>;
  onCancel: () => void;
}) {
  // Mounted while its dialog is open, so it starts empty with every opening.
  const { form, error, setError } = useDialogForm({
    opened: true,
    initial: proveIdentityStart,
    validate: proveIdentityProblems,
    deps: [],
  });
  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        await onSubmit(proveIdentityBody(values));
      } catch (cause) {
        if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
        else setError(errorText(cause, 'Fehler'));
      }
    },
    // Each field says what is missing under it; no sentence for the whole form.
    () => setError(null),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Bestätigen Sie mit Ihrem Passwort und einem Code der App (oder einem Wiederherstellungscode).
        </Text>
        <PasswordInput
          label="Passwort"
          autoComplete="current-password"
          {...form.getInputProps('password')}
          visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen oder verbergen' }}
          required
        />
        <TextInput label="Code aus der App" autoComplete="one-time-code" {...form.getInputProps('code')} required />
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Abbrechen
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

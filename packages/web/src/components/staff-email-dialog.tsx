import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, errorText } from '../lib/api-client';
import { notifySuccess } from '../lib/notify';
import { DialogButtons, FormError } from './dialog-parts';
import { staffEmailProblems, staffEmailStart } from './staff-email-rules';
import { useDialogForm } from './use-dialog-form';

/**
 * "E-Mail-Adresse ändern" of a staff account (decision 0756): one's own under Konto, any
 * colleague's for an Inhaber under Mitarbeiter; confirmed with the password of whoever
 * changes it. Reset links and security notices go to this address.
 */
export function StaffEmailDialog({
  opened,
  onClose,
  url,
  who,
  current,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** `/api/account/email` or `/api/staff/{id}/email`. */
  url: string;
  /** "Ihr Konto" or the colleague's name, for the title. */
  who: string | null;
  current: string | null;
  onSaved?: () => unknown;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useMutation({
    mutationFn: (body: { email: string; current_password: string }) => apiRequest(url, { method: 'PUT', body }),
  });
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    initial: () => staffEmailStart(current),
    validate: staffEmailProblems,
    deps: [url, current],
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ email: values.email.trim(), current_password: values.current_password });
      await onSaved?.();
      notifySuccess('E-Mail-Adresse gespeichert');
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(errorText(cause, 'Fehler beim Speichern'));
    }
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={who ? `E-Mail-Adresse: ${who}` : 'E-Mail-Adresse'}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            An diese Adresse gehen Links zum Zurücksetzen des Passworts („Passwort vergessen?“) und Sicherheitshinweise.
            Die bisherige Adresse erfährt von der Änderung.
          </Text>
          <FormError message={error} />
          <TextInput
            label="E-Mail-Adresse"
            type="email"
            autoComplete="email"
            withAsterisk
            data-autofocus
            {...field('email')}
          />
          <PasswordInput
            label="Ihr Passwort zur Bestätigung"
            autoComplete="current-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen oder verbergen' }}
            {...field('current_password')}
          />
          <DialogButtons busy={save.isPending} onCancel={onClose} size={phone ? 'md' : 'sm'} />
        </Stack>
      </form>
    </Modal>
  );
}

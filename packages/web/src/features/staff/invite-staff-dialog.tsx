import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormError } from '../../components/dialog-parts';
import { useDialogForm } from '../../components/use-dialog-form';
import { ApiError, errorText } from '../../lib/api-client';
import { mailToast, useMailSetup } from '../../lib/mail-setup';
import { notifySuccess } from '../../lib/notify';
import { useInviteStaff } from './api';
import { inviteBody, inviteProblems, inviteStart } from './invite-staff-rules';
import { RoleFields } from './role-fields';

/** Invite a staff member: name, username, e-mail and role; the mail carries a single-use link to set a password. */
export function InviteStaffDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const invite = useInviteStaff();
  const mailSetup = useMailSetup().data;
  const { form, error, setError } = useDialogForm({ opened, initial: inviteStart, validate: inviteProblems, deps: [] });

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        await invite.mutateAsync(inviteBody(values));
        const to = values.email.trim();
        notifySuccess(mailToast(mailSetup, `Einladung an ${to} gesendet`, `Einladung an ${to}`));
        onClose();
      } catch (cause) {
        if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
        else setError(errorText(cause, 'Fehler beim Einladen'));
      }
    },
    // Each field says what is missing under it; no sentence for the whole form.
    () => setError(null),
  );
  const text = (path: 'name' | 'username' | 'email') => ({
    ...form.getInputProps(path),
    required: true,
    autoComplete: 'off',
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Mitarbeiter einladen" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Die Einladung kommt per E-Mail mit einem Link, der 7 Tage gilt und nur einmal funktioniert. Damit legt die
            Person ihr Passwort selbst fest.
          </Text>
          <TextInput label="Name" {...text('name')} />
          <TextInput
            label="Benutzername"
            description="Kleinbuchstaben, Ziffern, Punkt, Binde- und Unterstrich"
            {...text('username')}
          />
          <TextInput label="E-Mail" type="email" {...text('email')} />
          <RoleFields
            value={form.values.role}
            onChange={(role) => form.setFieldValue('role', role)}
            error={form.errors.role as string | undefined}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Einladung senden
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

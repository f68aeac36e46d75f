import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useInviteStaff } from './api';
import { type RoleChoice, RoleFields } from './role-fields';

/** Invite a staff member: name, username, e-mail and role; the mail carries a single-use link to set a password. */
export function InviteStaffDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const invite = useInviteStaff();
  const [form, setForm] = useState({ name: '', username: '', email: '' });
  const [role, setRole] = useState<RoleChoice>({ role: null, grants: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  const close = () => {
    setForm({ name: '', username: '', email: '' });
    setRole({ role: null, grants: [] });
    setErrors({});
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.name.trim()) next.name = 'Bitte geben Sie einen Namen ein';
    if (!form.username.trim()) next.username = 'Bitte geben Sie einen Benutzernamen ein';
    if (!form.email.trim()) next.email = 'Bitte geben Sie eine E-Mail-Adresse ein';
    if (!role.role) next.role = 'Bitte wählen Sie eine Rolle';
    setErrors(next);
    if (Object.keys(next).length || !role.role) return;
    try {
      await invite.mutateAsync({ ...form, role: role.role, grants: role.grants });
      notifySuccess(`Einladung an ${form.email.trim()} gesendet`);
      close();
    } catch (cause) {
      setErrors(
        cause instanceof ApiError && cause.details ? cause.details : { form: errorText(cause, 'Fehler beim Einladen') },
      );
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Mitarbeiter einladen" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Die Einladung kommt per E-Mail mit einem Link, der 7 Tage gilt und nur einmal funktioniert. Damit legt die
            Person ihr Passwort selbst fest.
          </Text>
          <TextInput
            label="Name"
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            required
            autoComplete="off"
          />
          <TextInput
            label="Benutzername"
            description="Kleinbuchstaben, Ziffern, Punkt, Binde- und Unterstrich"
            value={form.username}
            onChange={set('username')}
            error={errors.username}
            required
            autoComplete="off"
          />
          <TextInput
            label="E-Mail"
            type="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            required
            autoComplete="off"
          />
          <RoleFields value={role} onChange={setRole} error={errors.role} />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
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

import type { StaffMember } from '@butler/contract/staff';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useSetStaffRole } from './api';
import { type RoleChoice, RoleFields } from './role-fields';

/**
 * "Rolle ändern": holds from the person's next request on, without signing them out; the
 * server keeps the last active Inhaber an Inhaber and says so.
 */
export function RoleDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSetStaffRole();
  const [choice, setChoice] = useState<RoleChoice>({ role: null, grants: [] });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (member) setChoice({ role: member.role, grants: member.grants });
    setError(null);
  }, [member]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!member || !choice.role) return;
    try {
      await save.mutateAsync({ id: member.id, role: choice.role, grants: choice.grants });
      notifySuccess(`Rolle von ${member.name} gespeichert`);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Fehler beim Speichern der Rolle'));
    }
  };
  return (
    <Modal opened={member !== null} onClose={onClose} title={`Rolle von ${member?.name ?? ''}`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RoleFields value={choice} onChange={setChoice} />
          <Text size="sm" c="dimmed">
            Die neue Rolle gilt sofort, ab dem nächsten Klick der Person. Die Änderung wird protokolliert.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={save.isPending}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

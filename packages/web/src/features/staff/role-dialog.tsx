import type { StaffMember } from '@butler/contract/staff';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormError } from '../../components/dialog-parts';
import { useDialogForm } from '../../components/use-dialog-form';
import { errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useSetStaffRole } from './api';
import { RoleFields } from './role-fields';
import { roleProblems, roleStart } from './role-rules';

/**
 * "Rolle ändern": holds from the person's next request on, without signing them out; the
 * server keeps the last active Inhaber an Inhaber and says so.
 */
export function RoleDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSetStaffRole();
  const { form, error, setError, onInvalid } = useDialogForm({
    opened: member !== null,
    initial: () => roleStart(member),
    validate: roleProblems,
    deps: [member],
  });
  const submit = form.onSubmit(async ({ choice }) => {
    if (!member || !choice.role) return;
    setError(null);
    try {
      await save.mutateAsync({ id: member.id, role: choice.role, grants: choice.grants });
      notifySuccess(`Rolle von ${member.name} gespeichert`);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Fehler beim Speichern der Rolle'));
    }
  }, onInvalid);
  return (
    <Modal opened={member !== null} onClose={onClose} title={`Rolle von ${member?.name ?? ''}`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RoleFields value={form.values.choice} onChange={(choice) => form.setFieldValue('choice', choice)} />
          <Text size="sm" c="dimmed">
            Die neue Rolle gilt sofort, ab dem nächsten Klick der Person. Die Änderung wird protokolliert.
          </Text>
          <FormError message={error} />
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

import type { AdminUser } from '@butler/contract/auth';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../app/session-context';

const laterKey = (id: number) => `butler:generated-password-later:${id}`;

/**
 * After the first start's generated password (decision 0756): once the display name is set,
 * the owner is offered to choose their own password and to give the account an e-mail
 * address. "Später" hides the offer for this sign-in (the browser tab); it comes back at the
 * next one until the password was changed. Never a loop that blocks work.
 */
export function GeneratedPasswordPrompt() {
  const { user, userType } = useSession();
  const navigate = useNavigate();
  const onAccount = useLocation().pathname === '/admin/account';
  const staff = userType === 'admin' ? (user as AdminUser) : null;
  const [later, setLater] = useState(() => (staff ? sessionStorage.getItem(laterKey(staff.id)) === '1' : false));
  const opened = !!staff?.password_generated && !staff.needs_display_name && !later && !onAccount;
  const dismiss = () => {
    if (staff) sessionStorage.setItem(laterKey(staff.id), '1');
    setLater(true);
  };
  return (
    <Modal opened={opened} onClose={dismiss} title="Eigenes Passwort festlegen?">
      <Stack gap="sm">
        <Text size="sm">
          Sie melden sich mit dem Passwort an, das beim ersten Start des Portals erzeugt und in der Konsole angezeigt
          wurde. Legen Sie jetzt ein eigenes fest – und hinterlegen Sie eine E-Mail-Adresse, damit Sie ein vergessenes
          Passwort selbst zurücksetzen können.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={dismiss}>
            Später
          </Button>
          <Button
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => {
              dismiss();
              navigate('/admin/account');
            }}
          >
            Jetzt festlegen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

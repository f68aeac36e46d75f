import type { AdminUser } from '@butler/contract/auth';
import { Modal, Text } from '@mantine/core';
import { useSession } from '../../../app/session-context';
import { DisplayNameForm } from './display-name-form';

/**
 * A staff member without a display name (the first admin of ADMIN_USERNAME, accounts from
 * before names) is asked for one on their first page: bookings and the Protokoll show
 * names, not usernames (decision 0622). It stays until a name is saved.
 */
export function DisplayNamePrompt() {
  const { user, userType } = useSession();
  const staff = userType === 'admin' ? (user as AdminUser) : null;
  const opened = staff?.needs_display_name === true;
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Willkommen! Wie sollen wir Sie nennen?"
    >
      <Text size="sm" c="dimmed" mb="sm">
        Ihr Name erscheint bei Ihren Buchungen, in der Übersicht der Zugriffe und im Protokoll – statt des
        Benutzernamens „{staff?.username}“. Sie können ihn jederzeit unter „Konto &amp; Sicherheit“ ändern.
      </Text>
      <DisplayNameForm initial="" submitLabel="Weiter" />
    </Modal>
  );
}

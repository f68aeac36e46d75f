import { Button, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { apiRequest, errorText } from '../../../lib/api-client';
import { mailToast, useMailSetup } from '../../../lib/mail-setup';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Mails the customer a link to set a password: the invitation again, or a reset link (60 minutes). */
export function SendPasswordLinkButton({ customerId, email }: { customerId: number; email: string }) {
  const [busy, setBusy] = useState(false);
  const mailSetup = useMailSetup().data;
  return (
    <div>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconMailForward size={14} />}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await apiRequest(`/api/customers/${customerId}/password-link`, { method: 'POST' });
            notifySuccess(
              mailToast(
                mailSetup,
                `Link zum Passwort-Setzen an ${email} gesendet`,
                `Link zum Passwort-Setzen für ${email}`,
              ),
            );
          } catch (cause) {
            notifyError(errorText(cause, 'Fehler beim Senden des Links'));
          } finally {
            setBusy(false);
          }
        }}
      >
        Link zum Passwort-Setzen senden
      </Button>
      <Text size="xs" c="dimmed" mt={4}>
        Der Kunde legt damit selbst ein Passwort fest (noch nicht eingeladen: 7 Tage gültig, sonst 60 Minuten).
      </Text>
    </div>
  );
}

import { Alert, Code, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconMailOff, IconWorldWww } from '@tabler/icons-react';
import { useMailSetup } from '../lib/mail-setup';

/**
 * "Kein Mailserver eingerichtet" and "Links zeigen auf diesen Computer" (decision 0755):
 * shown where staff would otherwise believe a mail reached someone. Nothing with a mail
 * server and a public address.
 */
export function NoMailServerAlert({ compact = false, mt }: { compact?: boolean; mt?: MantineSpacing }) {
  const { data } = useMailSetup();
  if (!data) return null;
  const outbox = data.transport === 'outbox';
  if (!outbox && !data.public_url_local) return null;
  return (
    <Stack gap="xs" mt={mt} data-testid="mail-setup-alert">
      {outbox && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconMailOff size={18} aria-hidden />}
          title="Kein Mailserver eingerichtet – E-Mails werden nicht versendet"
        >
          <Text size="sm">
            Das Portal legt jede E-Mail nur als Datei im Ordner <Code>{data.outbox_folder}</Code> auf seinem Computer
            ab; Kunden und Mitarbeiter bekommen nichts.
            {!compact &&
              ' Damit E-Mails ankommen, trägt die Person, die das Portal betreibt, den Mailserver in SMTP_URL ein (z. B. smtp://benutzer:passwort@mail.ihre-firma.at:587) und startet das Portal neu.'}
          </Text>
        </Alert>
      )}
      {data.public_url_local && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconWorldWww size={18} aria-hidden />}
          title="Links in E-Mails führen zu diesem Computer"
        >
          <Text size="sm">
            Links in E-Mails zeigen auf <Code>{data.public_url}</Code> und öffnen sich nur hier.
            {!compact &&
              ' Setzen Sie PUBLIC_URL auf die Adresse, unter der Kunden das Portal erreichen (z. B. https://portal.ihre-firma.at).'}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

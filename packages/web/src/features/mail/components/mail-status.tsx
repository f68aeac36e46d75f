import type { MailListItem } from '@butler/contract/mail';
import { Badge, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';

/**
 * State of one mail in words and colour (never colour alone): Wartend, Neuer Versuch,
 * Gesendet, Abgelegt (only written to the outbox folder, decision 0755), Fehlgeschlagen.
 */
export function MailStatusBadge({ mail }: { mail: Pick<MailListItem, 'status' | 'attempts' | 'delivered_via'> }) {
  // Light variants: their darkened text passes WCAG AA (the filled green/yellow did not).
  if (mail.status === 'sent' && mail.delivered_via === 'outbox')
    return (
      <Badge color="orange" variant="light">
        Abgelegt
      </Badge>
    );
  if (mail.status === 'sent')
    return (
      <Badge color="green" variant="light">
        Gesendet
      </Badge>
    );
  if (mail.status === 'failed')
    return (
      <Badge color="red" variant="light">
        Fehlgeschlagen
      </Badge>
    );
  if (mail.attempts > 0)
    return (
      <Badge color="yellow" variant="light">
        Neuer Versuch geplant
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      Wartend
    </Badge>
  );
}

/** Badge plus the line under it: when sent, or why it failed and when it is tried again. */
export function MailStatusCell({ mail }: { mail: MailListItem }) {
  return (
    <Stack gap={2} align="flex-start">
      <MailStatusBadge mail={mail} />
      {mail.status === 'sent' && mail.delivered_via === 'outbox' && (
        <Text size="xs" c="dimmed" maw={220}>
          Im Ausgangsordner abgelegt – nicht versendet
        </Text>
      )}
      {mail.status === 'sent' && mail.sent_at && (
        <Text size="xs" c="dimmed">
          {formatDateTime(mail.sent_at)}
        </Text>
      )}
      {mail.status !== 'sent' && mail.last_error && (
        <Text size="xs" c="red.8" maw={280} style={{ wordBreak: 'break-word' }}>
          {mail.last_error}
        </Text>
      )}
      {mail.status === 'queued' && mail.next_attempt_at && (
        <Text size="xs" c="dimmed">
          Nächster Versuch ca. {formatDateTime(mail.next_attempt_at)} ({mail.attempts}. Versuch fehlgeschlagen)
        </Text>
      )}
    </Stack>
  );
}

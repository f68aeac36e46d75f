import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck, IconMailExclamation, IconMailFast } from '@tabler/icons-react';
import { Link } from 'react-router';

const dateTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Delivery of the invoice's newest mail (decision 0322: "versendet" = issued and queued). */
export function MailDeliveryNote({ mail }: { mail: InvoiceDetail['mail'] }) {
  if (!mail) return null;
  if (mail.status === 'sent') {
    return (
      <Text size="sm" c="dimmed" component="div" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <IconMailCheck size={16} aria-hidden /> E-Mail zugestellt am{' '}
        {mail.sent_at ? dateTime.format(new Date(mail.sent_at)) : ''}
      </Text>
    );
  }
  if (mail.status === 'failed') {
    return (
      <Alert
        color="red"
        icon={<IconMailExclamation size={18} aria-hidden />}
        title="E-Mail konnte nicht zugestellt werden"
      >
        {mail.error}{' '}
        <Anchor component={Link} to="/admin/outbox">
          Im Postausgang erneut senden
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" icon={<IconMailFast size={18} aria-hidden />} title="E-Mail wartet auf Versand">
      {mail.error
        ? `Letzter Versuch fehlgeschlagen: ${mail.error}. Das Portal versucht es automatisch erneut.`
        : 'Die E-Mail wird in wenigen Augenblicken versendet.'}
    </Alert>
  );
}

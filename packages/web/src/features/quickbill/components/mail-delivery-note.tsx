import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck, IconMailExclamation, IconMailFast, IconMailOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { mailStaysHere, useMailSetup } from '../../../lib/mail-setup';

const dateTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * Delivery of the invoice's newest mail (decision 0322: "versendet" = issued and queued).
 * A mail only written to the outbox folder is never called delivered (decision 0755).
 */
export function MailDeliveryNote({ mail }: { mail: InvoiceDetail['mail'] }) {
  const setup = useMailSetup().data;
  if (!mail) return null;
  if (mail.status === 'sent' && mail.delivered_via === 'outbox') {
    return (
      <Alert
        color="orange"
        icon={<IconMailOff size={18} aria-hidden />}
        title="E-Mail im Ausgangsordner abgelegt – nicht versendet"
        data-testid="mail-filed-only"
      >
        Kein Mailserver eingerichtet: Die E-Mail liegt nur als Datei
        {setup?.outbox_folder ? ` im Ordner ${setup.outbox_folder}` : ' im Ausgangsordner'} auf dem Computer des Portals
        {mail.sent_at ? ` (seit ${dateTime.format(new Date(mail.sent_at))})` : ''}; der Kunde hat sie nicht bekommen.
        Schicken Sie ihm das PDF selbst, oder lassen Sie SMTP_URL einrichten und senden Sie die E-Mail dann im{' '}
        <Anchor component={Link} to="/admin/outbox">
          Postausgang
        </Anchor>{' '}
        erneut.
      </Alert>
    );
  }
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
        : mailStaysHere(setup)
          ? 'Die E-Mail wird in wenigen Augenblicken im Ausgangsordner abgelegt (kein Mailserver eingerichtet, sie wird nicht versendet).'
          : 'Die E-Mail wird in wenigen Augenblicken versendet.'}
    </Alert>
  );
}

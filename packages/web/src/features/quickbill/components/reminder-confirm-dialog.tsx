import type { NextReminder } from '@butler/contract/reminders';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { mailToast, useMailSetup } from '../../../lib/mail-setup';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { downloadReminderPreview, useNextReminder, useSendReminder } from '../api/reminders';

/** "Mahnspesen € 5,00" (with the earlier levels' fees when the letter charges them too), or none. */
export function feeText(next: Pick<NextReminder, 'fee' | 'fees_total'>): string {
  if (next.fees_total === 0) return 'ohne Mahnspesen';
  if (next.fees_total === next.fee) return `Mahnspesen ${formatEuro(next.fee)}`;
  return `Mahnspesen ${formatEuro(next.fee)} (mit den früheren Stufen insgesamt ${formatEuro(next.fees_total)})`;
}

/** The configured gap, said before a level is sent earlier than it (decision 0770). */
export function earlyWarning(next: Pick<NextReminder, 'label' | 'days' | 'counted_from' | 'due_on'>): string {
  return `Die ${next.label} ist erst ab ${formatDate(next.due_on)} fällig: eingestellt sind ${next.days} Tage nach der ${next.counted_from}.`;
}

/**
 * Confirmation of the next reminder of one invoice (decision 0770): names the level, the
 * recipient, the fee and the new deadline, offers the letter as a preview, and before the
 * configured days have passed warns with the gap and asks to send early on purpose.
 */
export function ReminderConfirmDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: { id: number; invoice_number: string | null; customer_email?: string | null };
  opened: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  const next = useNextReminder(invoice.id, opened);
  const send = useSendReminder();
  const mailSetup = useMailSetup();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const n = next.data;
  const early = n ? !n.is_due : false;
  return (
    <Modal opened={opened} onClose={close} title={n ? `${n.label} senden?` : 'Mahnung senden?'} fullScreen={phone}>
      {next.isPending ? (
        <Loader size="sm" aria-label="Mahnung wird geladen" />
      ) : !n ? (
        <Alert color="red" role="alert">
          {errorText(next.error, 'Die Mahnstufe konnte nicht geladen werden')}
        </Alert>
      ) : (
        <Stack>
          <Text>
            {`Der Kunde erhält die ${n.label} zur Rechnung ${invoice.invoice_number ?? ''} mit PDF per E-Mail${invoice.customer_email ? ` an ${invoice.customer_email}` : ''}.`}
          </Text>
          <Text size="sm" data-testid="reminder-terms">
            {`Offen ${formatEuro(n.open_amount)}, ${feeText(n)}, neue Zahlungsfrist bis ${formatDate(n.pay_by)}.`}
          </Text>
          {early && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="reminder-early">
              {`${earlyWarning(n)} Wollen Sie sie trotzdem schon jetzt senden?`}
            </Alert>
          )}
          {n.blocked_until && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
              {`Für diese Rechnung gilt eine Mahnsperre bis ${formatDate(n.blocked_until)}. Der Mahnlauf lässt sie aus.`}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Button
              variant="subtle"
              leftSection={<IconFileText size={16} />}
              onClick={() =>
                downloadReminderPreview(invoice).catch((e) =>
                  notifyError(`Vorschau konnte nicht geladen werden: ${errorText(e, 'Unbekannter Fehler')}`),
                )
              }
            >
              Vorschau des Schreibens
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={close} disabled={send.isPending}>
                Abbrechen
              </Button>
              <Button
                color="orange"
                loading={send.isPending}
                onClick={async () => {
                  setError(null);
                  try {
                    const result = await send.mutateAsync({ id: invoice.id, level: n.level, early });
                    notifySuccess(mailToast(mailSetup.data, `${result.label} versendet`, result.label));
                    close();
                  } catch (cause) {
                    setError(`Versand fehlgeschlagen: ${errorText(cause, 'Unbekannter Fehler')}`);
                  }
                }}
              >
                {early ? 'Trotzdem jetzt senden' : `${n.label} senden`}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

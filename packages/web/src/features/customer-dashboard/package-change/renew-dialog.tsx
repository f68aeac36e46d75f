import { PACKAGE_CHANGE_TEXTS, PACKAGE_REQUEST_NOTE_CHARS } from '@butler/contract/package-change-texts';
import type { PackageChangeOptions } from '@butler/contract/subscription-requests';
import { Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../app/session-context';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { fileWish } from './package-change-query';

/** "Verlängern" (decision 0851): another term on the same terms, once the team confirms it. */
export function RenewDialog({
  options,
  customerId,
  onClose,
}: {
  options: PackageChangeOptions;
  customerId: number;
  onClose: () => void;
}) {
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const queryClient = useQueryClient();
  const [key] = useState(newRequestKey);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { renew } = options;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await fileWish(queryClient, customerId, { kind: 'renew', message: message.trim(), idempotency_key: key });
      notifySuccess(t.sent);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Der Wunsch konnte nicht gesendet werden.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="ButlerPaket verlängern" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="package-renew-dialog">
        <Stack gap="md">
          <Text size="sm">
            {t.renewIntro({
              end: formatDate(renew.start_date ? previousDay(renew.start_date) : null),
              from: formatDate(renew.start_date),
              until: formatDate(renew.end_date),
            })}
          </Text>
          {renew.monthly_hours !== null && (
            <Paper withBorder p="sm" radius="md">
              <Text fw={600}>
                {renew.template_name}: {formatHours(renew.monthly_hours)} im Monat
              </Text>
              <Text size="sm" c="dimmed">
                {formatEuro(renew.monthly_price)} pro Monat
              </Text>
            </Paper>
          )}
          <Textarea
            label={t.messageLabel}
            size={size}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={PACKAGE_REQUEST_NOTE_CHARS}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          <FormError message={error} />
          <DialogButtons
            busy={busy}
            onCancel={onClose}
            size={size}
            label="Verlängerung wünschen"
            busyLabel="Wird gesendet..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The day before an ISO date (the end of the term the renewal follows). */
function previousDay(iso: string) {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

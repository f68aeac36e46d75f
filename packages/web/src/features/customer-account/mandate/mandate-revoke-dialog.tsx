import type { LoungeMandate } from '@butler/contract/mandate-online';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useMandateOnlineActions, useMandateTexts } from './mandate-online-api';

/** "Lastschrift widerrufen": says what ends and what stays open; a reason is the customer's choice. */
export function MandateRevokeDialog({
  customerId,
  mandate,
  announced,
  onClose,
}: {
  customerId: number;
  mandate: LoungeMandate;
  /** Open invoices whose collection was announced with this mandate. */
  announced: number;
  onClose: () => void;
}) {
  const t = useMandateTexts();
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const { revoke } = useMandateOnlineActions(customerId);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    revoke.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.revoked);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Lastschrift widerrufen" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="mandate-revoke-dialog">
        <Stack gap="md">
          <Text size="sm">{t.revokeAsk(mandate.reference)}</Text>
          {announced > 0 && <Text size="sm">{t.revokeAnnounced}</Text>}
          <Textarea
            label={t.revokeReasonLabel}
            size={size}
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <FormError message={revoke.error ? errorText(revoke.error, 'Fehler beim Speichern') : null} />
          <DialogButtons
            busy={revoke.isPending}
            onCancel={onClose}
            size={size}
            label="Widerrufen"
            busyLabel="Wird widerrufen..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

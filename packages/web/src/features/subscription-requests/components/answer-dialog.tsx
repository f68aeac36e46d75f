import { PACKAGE_REQUEST_NOTE_CHARS, packageChangeStaffLapse } from '@butler/contract/package-change-texts';
import type { StaffPackageRequest } from '@butler/contract/subscription-requests';
import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAnswerPackageRequest } from '../api/subscription-requests';
import { wishPrice, wishSummary } from './package-request-words';

const DECLINE_NOTE = 'Bitte schreiben Sie dem Kunden, warum der Wunsch abgelehnt wird';

/** Annehmen (optional note) or Ablehnen (a note the customer reads); the customer gets a mail either way. */
export function AnswerDialog({
  request,
  outcome,
  onClose,
}: {
  request: StaffPackageRequest;
  outcome: 'accept' | 'decline';
  onClose: () => void;
}) {
  const phone = usePhone();
  const answer = useAnswerPackageRequest();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const accepting = outcome === 'accept';
  const once = useSingleFlight();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepting && !note.trim()) {
      setError(DECLINE_NOTE);
      return;
    }
    setError(null);
    return once(async () => {
      try {
        await answer.mutateAsync({ id: request.id, outcome, note: note.trim() });
        notifySuccess(
          accepting ? 'Wunsch angenommen, der Kunde wird informiert' : 'Wunsch abgelehnt, der Kunde wird informiert',
        );
        onClose();
      } catch (cause) {
        setError(errorText(cause, accepting ? 'Fehler beim Annehmen' : 'Fehler beim Ablehnen'));
      }
    });
  };

  return (
    <Modal opened onClose={onClose} title={accepting ? 'Wunsch annehmen' : 'Wunsch ablehnen'} fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="package-answer-dialog">
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>{request.customer_name}</Text>
            <Text size="sm">{wishSummary(request)}</Text>
            <Text size="sm" c="dimmed">
              {wishPrice(request)}
            </Text>
          </Stack>
          <Text size="sm">
            {accepting
              ? 'Das ButlerPaket wird ab dem genannten Tag geändert (oder verlängert), wie Sie es im ButlerPaket-Dialog täten. Der Kunde erhält eine E-Mail.'
              : 'Das ButlerPaket bleibt, wie es ist. Der Kunde liest Ihre Notiz in der Lounge und in der E-Mail.'}
          </Text>
          {accepting && request.lapse && (
            <Alert color="yellow" variant="light" data-testid="package-answer-lapse">
              {packageChangeStaffLapse(formatHours(request.lapse.hours), formatDate(request.lapse.until))}
            </Alert>
          )}
          <Textarea
            label={accepting ? 'Notiz an den Kunden (optional)' : 'Notiz an den Kunden'}
            withAsterisk={!accepting}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={PACKAGE_REQUEST_NOTE_CHARS}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          <FormError message={error} />
          <DialogButtons
            busy={answer.isPending}
            onCancel={onClose}
            size={phone ? 'md' : 'sm'}
            label={accepting ? 'Annehmen' : 'Ablehnen'}
            busyLabel={accepting ? 'Wird angenommen...' : 'Wird abgelehnt...'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

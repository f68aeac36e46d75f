import { VISIT_LIMITS, VISIT_REQUEST_LABELS, type Visit, type VisitRequest } from '@butler/contract/visits';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useResolveVisitRequest } from '../api/visits';
import { requestMessage, requestVisitWhen, resolveNoteErrors } from './visit-request-rules';

/**
 * "Erledigt" for a customer's wish (decision 0840): the visit stays as it is, the wish
 * leaves the list; an optional note says what was agreed. Moving or cancelling the visit
 * settles the wish without this.
 */
export function ResolveRequestDialog({
  visit,
  request,
  onClose,
}: {
  visit: Visit;
  request: VisitRequest;
  onClose: () => void;
}) {
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const resolve = useResolveVisitRequest();
  const { form, error, setError } = useDialogForm<{ note: string }>({
    opened: true,
    initial: () => ({ note: '' }),
    validate: resolveNoteErrors,
    deps: [request.id],
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await resolve.mutateAsync({ requestId: request.id, note: values.note.trim() });
      notifySuccess('Wunsch erledigt');
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details?.note) form.setFieldError('note', cause.details.note);
      setError(errorText(cause, 'Der Wunsch konnte nicht als erledigt markiert werden.'));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Wunsch erledigt" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="resolve-request">
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>
              {VISIT_REQUEST_LABELS[request.kind]}: {visit.customer_name}
            </Text>
            <Text size="sm">{requestVisitWhen(visit)}</Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {requestMessage(request)}
            </Text>
          </Stack>
          <Text size="sm">
            Der Termin bleibt, wie er ist. Soll er sich ändern, öffnen Sie ihn: Verschieben oder Absagen erledigt den
            Wunsch von selbst.
          </Text>
          <Textarea
            label="Notiz (optional)"
            description="Was mit dem Kunden vereinbart ist, zum Beispiel: Telefoniert, bleibt wie geplant."
            size={size}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={VISIT_LIMITS.reasonChars}
            data-autofocus
            {...form.getInputProps('note')}
          />
          <FormError message={error} />
          <DialogButtons
            busy={resolve.isPending}
            onCancel={onClose}
            size={size}
            label="Erledigt"
            busyLabel="Wird gespeichert..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { formatDayWithWeekday } from '@butler/contract/format';
import { VISIT_LIMITS, type Visit, zVisitCancel } from '@butler/contract/visits';
import { Checkbox, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { visitTimeSpan } from '../../../lib/visit-texts';
import { useCancelVisit } from '../api/visits';

type Values = { reason: string; following: boolean };

/**
 * "Absagen" with a reason (the customer and the team read it); in a series, optionally this
 * and every later open visit of it ("Serie beenden"). Mount it when it opens.
 */
export function CancelVisitDialog({ visit, onClose }: { visit: Visit; onClose: () => void }) {
  const phone = usePhone();
  const cancel = useCancelVisit();
  const { form, error, setError } = useDialogForm<Values>({
    opened: true,
    initial: () => ({ reason: '', following: false }),
    validate: schemaResolver(zVisitCancel, { sync: true }),
    deps: [visit.id],
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await cancel.mutateAsync({
        id: visit.id,
        body: { reason: values.reason.trim(), ...(values.following ? { following: true } : {}) },
      });
      notifySuccess(values.following ? 'Termin und folgende Termine der Serie abgesagt' : 'Termin abgesagt');
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(errorText(cause, 'Der Termin konnte nicht abgesagt werden.'));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Termin absagen" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="visit-cancel-form">
        <Stack gap="sm">
          <Text size="sm">
            {visit.customer_name}, {formatDayWithWeekday(visit.date)}, {visitTimeSpan(visit)} Uhr
          </Text>
          <Textarea
            label="Grund"
            description="Steht so in der Mail an den Kunden."
            withAsterisk
            autosize
            minRows={2}
            maxRows={5}
            maxLength={VISIT_LIMITS.reasonChars}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          {visit.series_id !== null && (
            <Checkbox
              label="Auch alle folgenden Termine dieser Serie absagen"
              {...form.getInputProps('following', { type: 'checkbox' })}
            />
          )}
          <FormError message={error} />
          <DialogButtons
            busy={cancel.isPending}
            onCancel={onClose}
            size={phone ? 'md' : 'sm'}
            label="Absagen"
            busyLabel="Wird abgesagt..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { QUESTION_MAX_CHARS } from '@butler/contract/month-confirmation-texts';
import type { MonthEntry } from '@butler/contract/month-confirmations';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useAskQuestion } from '../api/month-confirmations';
import { useMonthTexts } from './month-texts';
import { type QuestionValues, questionErrors } from './question-rules';

/** "Rückfrage" on one entry of an ended month (decision 0852); full screen on a phone. */
export function AskQuestionDialog({
  customerId,
  month,
  entry,
  onClose,
}: {
  customerId: number;
  month: string;
  entry: MonthEntry;
  onClose: () => void;
}) {
  const t = useMonthTexts();
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const ask = useAskQuestion(customerId, month);
  const { form, error, setError, onInvalid } = useDialogForm<QuestionValues>({
    opened: true,
    initial: () => ({ message: '' }),
    validate: questionErrors,
    deps: [entry.id],
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await ask.mutateAsync({ time_entry_id: entry.id, message: values.message.trim() });
      notifySuccess(t.askSent);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Die Rückfrage konnte nicht gesendet werden.'));
    }
  }, onInvalid);
  return (
    <Modal opened onClose={onClose} title="Rückfrage zum Eintrag" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="ask-question">
        <Stack gap="md">
          <Text fw={600}>
            {formatDate(entry.work_date)} · {formatHours(entry.hours)}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {entry.project_name}: {entry.activity_description}
          </Text>
          <Textarea
            label={t.askLabel}
            withAsterisk
            size={size}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={QUESTION_MAX_CHARS}
            data-autofocus
            {...form.getInputProps('message')}
          />
          <FormError message={error} />
          <DialogButtons
            busy={ask.isPending}
            onCancel={onClose}
            size={size}
            label="Rückfrage senden"
            busyLabel="Wird gesendet..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

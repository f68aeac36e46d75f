import { zDunningBlockInput } from '@butler/contract/billing-settings';
import { zReversePaymentInput } from '@butler/contract/payments';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import type { ReactNode } from 'react';
import { addDaysIso, DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { todayInVienna } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';

type Values = { reason: string; until: string | null };
type Mutation = { isPending: boolean; reset: () => void };

/**
 * A step that needs a reason (audited): "Zahlung entfernen", "Diesen Zeitraum aussetzen",
 * and with a last day "Mahnsperre setzen". Mount it when it opens (decision 0531: useDialogForm).
 */
export function ReasonDialog({
  title,
  intro,
  submitLabel,
  withUntil = false,
  danger = false,
  mutation,
  onClose,
  onSubmit,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  /** Ask for the last day as well (Mahnsperre). */
  withUntil?: boolean;
  danger?: boolean;
  mutation: Mutation;
  onClose: () => void;
  onSubmit: (values: { reason: string; until: string }) => Promise<unknown>;
}) {
  const phone = usePhone();
  const schema = withUntil ? zDunningBlockInput : zReversePaymentInput;
  const { form, error, setError } = useDialogForm<Values>({
    opened: true,
    initial: () => ({ reason: '', until: withUntil ? addDaysIso(todayInVienna(), 30) : null }),
    validate: schemaResolver(schema, { sync: true }),
    deps: [],
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit({ reason: values.reason.trim(), until: values.until ?? '' });
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(errorText(cause, 'Fehler beim Speichern'));
    }
  });
  return (
    <Modal opened onClose={close} title={title} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          <FormError message={error} />
          <Textarea label="Grund" withAsterisk autosize minRows={2} maxRows={5} {...form.getInputProps('reason')} />
          {withUntil && (
            <DateField
              label="Gilt bis einschließlich"
              withAsterisk
              minDate={todayInVienna()}
              {...form.getInputProps('until')}
              value={form.getValues().until}
              onChange={(value) => form.setFieldValue('until', value)}
            />
          )}
          <DialogButtons
            busy={mutation.isPending}
            onCancel={close}
            label={submitLabel}
            busyLabel={danger ? 'Wird ausgeführt...' : 'Speichern...'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

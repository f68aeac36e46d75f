import { formatDayWithWeekday } from '@butler/contract/format';
import type { LoungeVisit, VisitRequestKind } from '@butler/contract/visits';
import { Input, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { visitTimeSpan } from '../../../lib/visit-texts';
import {
  REQUEST_MESSAGE_CHARS,
  type VisitRequestValues,
  visitRequestBody,
  visitRequestErrors,
} from './lounge-visit-rules';
import { requestVisitChange } from './lounge-visits-query';

const CHOICES: { value: VisitRequestKind; label: string }[] = [
  { value: 'move', label: 'Verschieben' },
  { value: 'cancel', label: 'Absagen' },
];

/**
 * "Verschieben oder absagen" (decision 0840): the customer asks, the team decides and gets
 * in touch. Moving needs a word on when it would suit better; a reason to cancel is optional.
 */
export function LoungeVisitRequestDialog({
  visit,
  customerId,
  onClose,
}: {
  visit: LoungeVisit;
  customerId: number;
  onClose: () => void;
}) {
  const t = useLoungeTexts();
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (values: VisitRequestValues) =>
      requestVisitChange(queryClient, customerId, visit.id, visitRequestBody(values)),
  });
  const { form, error, setError } = useDialogForm<VisitRequestValues>({
    opened: true,
    initial: () => ({ kind: 'move', message: '' }),
    validate: (values) => visitRequestErrors(values, t),
    deps: [visit.id],
  });
  const moving = form.values.kind === 'move';

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await send.mutateAsync(values);
      notifySuccess(`Danke! ${t.visitAskSent}`);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Die Anfrage konnte nicht gesendet werden.'));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Termin verschieben oder absagen" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="lounge-visit-request">
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>
              {formatDayWithWeekday(visit.date)}, {visitTimeSpan(visit)} Uhr
            </Text>
            <Text size="sm" c="dimmed">
              {t.visitAskIntro}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Input.Label size={size} id="lounge-visit-request-kind">
              Was dürfen wir tun?
            </Input.Label>
            <SegmentedControl
              aria-labelledby="lounge-visit-request-kind"
              size={size}
              fullWidth
              data={CHOICES}
              value={form.values.kind}
              onChange={(value) => {
                form.setFieldValue('kind', value as VisitRequestKind);
                form.clearFieldError('message');
              }}
            />
          </Stack>
          <Textarea
            label={moving ? t.visitMoveLabel : t.visitCancelLabel}
            withAsterisk={moving}
            size={size}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REQUEST_MESSAGE_CHARS}
            placeholder={moving ? 'Zum Beispiel: lieber am Nachmittag, oder ab dem 15.' : undefined}
            data-autofocus
            {...form.getInputProps('message')}
          />
          <FormError message={error} />
          <DialogButtons
            busy={send.isPending}
            onCancel={onClose}
            size={size}
            label="Senden"
            busyLabel="Wird gesendet..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

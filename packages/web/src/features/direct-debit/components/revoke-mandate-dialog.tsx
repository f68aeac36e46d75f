import type { Mandate } from '@butler/contract/direct-debit';
import { zMandateRevokeInput } from '@butler/contract/direct-debit';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useMandateActions } from '../api/direct-debit';

/** Widerrufen: the customer withdrew the mandate; asks for the reason (audited). */
export function RevokeMandateDialog({ mandate, onClose }: { mandate: Mandate | null; onClose: () => void }) {
  const phone = usePhone();
  const { revoke } = useMandateActions(mandate?.customer_id ?? 0);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(zMandateRevokeInput, { sync: true }),
  });
  const close = () => {
    revoke.reset();
    form.reset();
    onClose();
  };
  return (
    <Modal opened={mandate !== null} onClose={close} title="Mandat widerrufen" fullScreen={phone}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ reason }) =>
          revoke.mutate(
            { id: mandate!.id, reason },
            {
              onSuccess: () => {
                notifySuccess(`Mandat ${mandate!.reference} widerrufen`);
                close();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Text size="sm">
            Mit dem Mandat {mandate?.reference} wird danach nichts mehr eingezogen. Offene Rechnungen bleiben offen und
            werden per Überweisung bezahlt.
          </Text>
          <FormError message={revoke.error ? errorText(revoke.error, 'Fehler beim Speichern') : null} />
          <Textarea label="Grund" withAsterisk autosize minRows={2} {...form.getInputProps('reason')} />
          <DialogButtons busy={revoke.isPending} onCancel={close} label="Widerrufen" busyLabel="Widerrufen..." />
        </Stack>
      </form>
    </Modal>
  );
}

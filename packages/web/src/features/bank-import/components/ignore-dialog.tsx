import type { BankEntry } from '@butler/contract/bank-import';
import { zIgnoreInput } from '@butler/contract/bank-import';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useEntryActions } from '../api/bank-import';

/** "Nicht relevant": a booking that pays no invoice (e.g. a private transfer), kept with the reason. */
export function IgnoreDialog({ entry, onClose }: { entry: BankEntry | null; onClose: () => void }) {
  const phone = usePhone();
  const { ignore } = useEntryActions();
  const form = useForm({
    mode: 'controlled',
    initialValues: { note: '' },
    validate: schemaResolver(zIgnoreInput, { sync: true }),
  });
  const close = () => {
    ignore.reset();
    form.reset();
    onClose();
  };
  return (
    <Modal opened={entry !== null} onClose={close} title="Als nicht relevant markieren" fullScreen={phone}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ note }) =>
          ignore.mutate(
            { id: entry!.id, note },
            {
              onSuccess: () => {
                notifySuccess('Buchung als nicht relevant markiert');
                close();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Text size="sm">
            {formatEuro(entry?.amount ?? 0)} von {entry?.counterparty_name ?? 'unbekannt'} bezahlt keine Rechnung. Die
            Buchung bleibt in der Liste, nur nicht mehr unter „nicht zugeordnet“.
          </Text>
          <FormError message={ignore.error ? errorText(ignore.error, 'Fehler beim Speichern') : null} />
          <Textarea label="Grund" withAsterisk autosize minRows={2} {...form.getInputProps('note')} />
          <DialogButtons busy={ignore.isPending} onCancel={close} label="Markieren" busyLabel="Speichern..." />
        </Stack>
      </form>
    </Modal>
  );
}

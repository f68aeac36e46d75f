import type { SubscriptionTemplate } from '@butler/contract/subscription-templates';
import { Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DialogButtons } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveTemplate } from '../api/templates';
import { templateBody, templateProblems, templateStart } from './template-rules';

/** Create/edit a ButlerPaket template; SPEC §5/§8 texts as toasts. */
export function TemplateDialog({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  template: SubscriptionTemplate | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveTemplate();
  const { form, field } = useDialogForm({
    opened,
    initial: () => templateStart(template),
    validate: templateProblems,
    deps: [template],
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ id: template?.id, body: templateBody(values) });
        notifySuccess(
          template ? 'ButlerPaket-Vorlage erfolgreich aktualisiert' : 'ButlerPaket-Vorlage erfolgreich erstellt',
        );
        onClose();
      } catch (cause) {
        notifyError(
          errorText(
            cause,
            template
              ? 'Fehler beim Aktualisieren der ButlerPaket-Vorlage'
              : 'Fehler beim Erstellen der ButlerPaket-Vorlage',
          ),
        );
      }
    },
    // The required fields are marked; the sentence comes as a toast (SPEC §8).
    (errors) => notifyError(String(Object.values(errors)[0])),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? 'ButlerPaket-Vorlage bearbeiten' : 'Neue ButlerPaket-Vorlage'}
      fullScreen={phone}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput label="Name" withAsterisk {...field('name')} data-autofocus />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Laufzeit (Monate)"
              withAsterisk
              min={1}
              max={120}
              allowDecimal={false}
              {...field('duration')}
            />
            <NumberInput
              label="Preis pro Stunde"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              prefix="€ "
              decimalSeparator=","
              thousandSeparator="."
              {...field('price')}
            />
          </SimpleGrid>
          <NumberInput
            label="Fahrten pro Monat"
            description="Optional"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('trips')}
          />
          <Switch
            label="In der Lounge zum Wechsel anbieten"
            description="Kunden können in der Lounge dieses Paket ab dem nächsten Monat wünschen"
            {...form.getInputProps('offered', { type: 'checkbox' })}
          />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

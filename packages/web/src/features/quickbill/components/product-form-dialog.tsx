import type { Product } from '@butler/contract/quickbill';
import { TAX_RATES } from '@butler/contract/vat';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSaveProduct } from '../api/catalog';
import { productBody, productProblems, productStart } from './product-rules';

/** Create or edit a product (PUT when editing, POST when new — SPEC §4). */
export function ProductFormDialog({
  product,
  opened,
  onClose,
}: {
  product: Product | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveProduct();
  const { form, error, setError } = useDialogForm({
    opened,
    initial: () => productStart(product),
    validate: productProblems,
    deps: [product],
  });

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        await save.mutateAsync({ id: product?.id, body: productBody(values) });
        notifySuccess(product ? 'Produkt gespeichert' : 'Produkt angelegt');
        onClose();
      } catch (cause) {
        if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
        setError(errorText(cause, 'Das Produkt konnte nicht gespeichert werden'));
      }
    },
    // Each field says what is missing under it; no sentence for the whole form.
    () => setError(null),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Produkt bearbeiten' : 'Neues Produkt'}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} data-autofocus />
          <Textarea label="Beschreibung" autosize minRows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={3} spacing="sm">
            <TextInput label="Einheit" withAsterisk {...form.getInputProps('unit')} maxLength={20} />
            <NumberInput
              label="Preis netto (€)"
              withAsterisk
              {...form.getInputProps('unit_price')}
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              step={0.01}
              hideControls
            />
            <Select
              label="Steuersatz"
              data={TAX_RATES.map((rate) => ({ value: String(rate), label: `${rate}\u00a0%` }))}
              description={
                form.values.tax_rate === '0' ? 'Den Grund für 0\u00a0% wählen Sie in der Rechnung' : undefined
              }
              {...form.getInputProps('tax_rate')}
              onChange={(v) => form.setFieldValue('tax_rate', v ?? '20')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Switch
            label="Aktiv (im Rechnungseditor wählbar)"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

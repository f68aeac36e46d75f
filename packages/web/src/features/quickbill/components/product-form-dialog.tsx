import type { Product } from '@butler/contract/quickbill';
import { TAX_RATES } from '@butler/contract/vat';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSaveProduct } from '../api/catalog';

type Values = {
  name: string;
  description: string;
  unit: string;
  unit_price: number | string;
  tax_rate: string;
  is_active: boolean;
};

const fromProduct = (p: Product | null): Values => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  unit: p?.unit ?? 'Stk.',
  unit_price: p?.unit_price ?? '',
  tax_rate: String(p?.tax_rate ?? 20),
  is_active: p?.is_active ?? true,
});

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
  const [values, setValues] = useState<Values>(() => fromProduct(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    if (!values.name.trim()) local.name = 'Bitte geben Sie einen Namen an';
    if (values.unit_price === '') local.unit_price = 'Bitte geben Sie einen Betrag an';
    if (!values.unit.trim()) local.unit = 'Bitte geben Sie eine Einheit an';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await save.mutateAsync({
        id: product?.id,
        body: {
          name: values.name,
          description: values.description.trim() || null,
          unit: values.unit,
          unit_price: Number(values.unit_price),
          tax_rate: Number(values.tax_rate),
          is_active: values.is_active,
        },
      });
      notifySuccess(product ? 'Produkt gespeichert' : 'Produkt angelegt');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details);
      setFormError(errorText(error, 'Das Produkt konnte nicht gespeichert werden'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Produkt bearbeiten' : 'Neues Produkt'}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <Textarea
            label="Beschreibung"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
          />
          <SimpleGrid cols={3} spacing="sm">
            <TextInput
              label="Einheit"
              withAsterisk
              value={values.unit}
              onChange={(e) => set({ unit: e.currentTarget.value })}
              error={errors.unit}
              maxLength={20}
            />
            <NumberInput
              label="Preis netto (€)"
              withAsterisk
              value={values.unit_price}
              onChange={(v) => set({ unit_price: v })}
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              step={0.01}
              hideControls
              error={errors.unit_price}
            />
            <Select
              label="Steuersatz"
              data={TAX_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
              description={values.tax_rate === '0' ? 'Den Grund für 0 % wählen Sie in der Rechnung' : undefined}
              value={values.tax_rate}
              onChange={(v) => set({ tax_rate: v ?? '20' })}
              allowDeselect={false}
              error={errors.tax_rate}
            />
          </SimpleGrid>
          <Switch
            label="Aktiv (im Rechnungseditor wählbar)"
            checked={values.is_active}
            onChange={(e) => set({ is_active: e.currentTarget.checked })}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Speichern...' : 'Speichern'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

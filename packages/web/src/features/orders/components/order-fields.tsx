import { ORDER_LIMITS } from '@butler/contract/orders';
import { Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../components/date-field';
import { todayInVienna } from '../../../lib/format';
import type { OrderFormValues } from './order-form-rules';

/** The fields of "Neuer Auftrag", the lounge's and the staff's: Was? Details, Bis wann? Wo? Dringend. */
export function OrderFields({
  form,
  size = 'sm',
  hints,
  ownAddressLabel = 'An meiner Adresse',
}: {
  form: UseFormReturnType<OrderFormValues>;
  size?: 'sm' | 'md';
  hints?: { title?: string; details?: string; due?: string; urgent?: string };
  ownAddressLabel?: string;
}) {
  const v = form.values;
  return (
    <Stack gap="md">
      <TextInput
        label="Was?"
        description={hints?.title}
        withAsterisk
        size={size}
        maxLength={ORDER_LIMITS.titleChars}
        placeholder="z. B. Geschenk für Oma besorgen"
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Details"
        description={hints?.details}
        size={size}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={ORDER_LIMITS.detailsChars}
        {...form.getInputProps('details')}
      />
      <DateField
        label="Bis wann?"
        description={hints?.due}
        size={size}
        clearable
        minDate={todayInVienna()}
        value={v.due_date}
        onChange={(date) => form.setFieldValue('due_date', date)}
      />
      <Stack gap={6}>
        <Radio.Group
          label="Wo?"
          size={size}
          value={v.where}
          onChange={(value) => form.setFieldValue('where', value as OrderFormValues['where'])}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="home" label={ownAddressLabel} size={size} />
            <Radio value="other" label="An einer anderen Adresse" size={size} />
          </Stack>
        </Radio.Group>
        {v.where === 'other' && (
          <TextInput
            aria-label="Adresse"
            placeholder="Straße, Hausnummer, Ort"
            size={size}
            withAsterisk
            {...form.getInputProps('location')}
          />
        )}
      </Stack>
      <Switch
        label="Dringend"
        description={hints?.urgent}
        size={size}
        {...form.getInputProps('urgent', { type: 'checkbox' })}
      />
    </Stack>
  );
}

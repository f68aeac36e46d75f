import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type RecordPaymentInput,
  zRecordPaymentInput,
} from '@butler/contract/payments';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { todayInVienna } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';

export type PaymentValues = {
  payment_date: string | null;
  amount: number | string;
  method: PaymentMethod;
  reference: string;
  note: string;
};

/** A euro amount as people type it in Austria: 1.234,50, cents always shown. */
export const EURO_INPUT = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  fixedDecimalScale: true,
  step: 0.01,
  min: 0,
} as const;

export const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** Date, amount, method, reference and note: the fields of a payment and of a refund. */
export function PaymentFields({ form, minDate }: { form: UseFormReturnType<PaymentValues>; minDate?: string }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label="Zahlungsdatum"
          withAsterisk
          maxDate={todayInVienna()}
          minDate={minDate}
          {...form.getInputProps('payment_date')}
          value={form.getValues().payment_date}
          onChange={(value) => form.setFieldValue('payment_date', value)}
        />
        <NumberInput label="Betrag (€)" withAsterisk {...EURO_INPUT} {...form.getInputProps('amount')} />
        <Select
          label="Zahlungsart"
          withAsterisk
          data={METHOD_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('method')}
        />
        <TextInput label="Referenz" placeholder="z. B. Buchungstext der Bank" {...form.getInputProps('reference')} />
      </SimpleGrid>
      <Textarea label="Notiz" autosize minRows={2} maxRows={4} {...form.getInputProps('note')} />
    </>
  );
}

type Mutation = { isPending: boolean; reset: () => void };

/**
 * "Zahlung erfassen" (also partial; more than is open becomes the customer's Guthaben,
 * decision 0580) and "Guthaben erstatten": the same fields, checked by the contract's schema
 * (the server's own rules, with their German messages under the fields). Mount it when it
 * opens, so the amount starts at the current figure (decision 0531: useDialogForm).
 */
export function PaymentDialog({
  onClose,
  title,
  intro,
  amount,
  minDate,
  submitLabel,
  mutation,
  onSubmit,
}: {
  onClose: () => void;
  title: string;
  intro: ReactNode;
  amount: number;
  minDate?: string;
  submitLabel: string;
  mutation: Mutation;
  onSubmit: (values: RecordPaymentInput) => Promise<unknown>;
}) {
  const phone = usePhone();
  const { form, error, setError } = useDialogForm<PaymentValues>({
    opened: true,
    initial: () => ({ payment_date: todayInVienna(), amount, method: 'ueberweisung', reference: '', note: '' }),
    validate: schemaResolver(zRecordPaymentInput, { sync: true }),
    deps: [],
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(zRecordPaymentInput.parse(values));
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(errorText(cause, 'Fehler beim Speichern'));
    }
  });
  return (
    <Modal opened onClose={close} title={title} fullScreen={phone} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          <FormError message={error} />
          <PaymentFields form={form} minDate={minDate} />
          <DialogButtons busy={mutation.isPending} onCancel={close} label={submitLabel} busyLabel="Speichern..." />
        </Stack>
      </form>
    </Modal>
  );
}

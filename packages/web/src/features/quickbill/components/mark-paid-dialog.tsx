import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatEuro, todayInVienna } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useInvoiceActions } from '../api/invoices';
import { invoiceLabel } from './invoice-number';

/** Mark paid: payment date (default today) and amount (default the gross total). */
export function MarkPaidDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { markPaid } = useInvoiceActions();
  const [date, setDate] = useState<string | null>(todayInVienna());
  const [amount, setAmount] = useState<number | string>(invoice.total_gross);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const local: Record<string, string> = {};
    if (!date) local.paid_at = 'Bitte geben Sie ein Datum an';
    if (amount === '' || Number(amount) <= 0) local.amount = 'Der Betrag muss größer als 0 sein';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await markPaid.mutateAsync({ id: invoice.id, paid_at: date ?? undefined, amount: Number(amount) });
      notifySuccess(`Rechnung ${invoiceLabel(invoice)} als bezahlt markiert`);
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) setErrors(cause.details);
      setError(errorText(cause, 'Die Zahlung konnte nicht gespeichert werden'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Zahlung erfassen" fullScreen={phone}>
      <Stack>
        <Text size="sm" c="dimmed">
          Rechnung {invoiceLabel(invoice)} über {formatEuro(invoice.total_gross)}
        </Text>
        <DateField
          label="Zahlungsdatum"
          withAsterisk
          value={date}
          onChange={setDate}
          error={errors.paid_at}
          maxDate={todayInVienna()}
        />
        <NumberInput
          label="Betrag (€)"
          withAsterisk
          value={amount}
          onChange={setAmount}
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          fixedDecimalScale
          step={0.01}
          min={0}
          error={errors.amount}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={markPaid.isPending}>
            Abbrechen
          </Button>
          <Button color="teal.9" onClick={submit} disabled={markPaid.isPending}>
            {markPaid.isPending ? 'Speichern...' : 'Als bezahlt markieren'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { zRequiredId } from '@butler/contract/list-query';
import { type CustomerAccount, zApplyCreditInput } from '@butler/contract/payments';
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { usePaymentActions } from '../api/payments';
import { EURO_INPUT } from './payment-dialog';

const zForm = zApplyCreditInput.extend({ invoice_id: zRequiredId('Bitte wählen Sie eine Rechnung') });
type Values = { invoice_id: string | null; amount: number | string };

const cents = (value: number) => Math.round(value * 100);
const suggested = (credit: number, open: number) => Math.min(cents(credit), cents(open)) / 100;

/**
 * "Guthaben verrechnen": settles (part of) an open invoice of the same customer from their
 * credit; at most the credit and at most what the invoice still owes (checked again by the
 * server under the customer's ledger lock, decision 0580). Mount it when it opens
 * (decision 0531: useDialogForm).
 */
export function ApplyCreditDialog({
  account,
  invoiceId,
  onClose,
}: {
  account: Pick<CustomerAccount, 'customer_id' | 'credit' | 'invoices_for_credit'>;
  /** Preselected invoice (from the invoice's page). */
  invoiceId?: number;
  onClose: () => void;
}) {
  const phone = usePhone();
  const { applyCredit } = usePaymentActions();
  const first = account.invoices_for_credit.find((i) => i.id === invoiceId) ?? account.invoices_for_credit[0];
  const { form, error, setError } = useDialogForm<Values>({
    opened: true,
    initial: () => ({
      invoice_id: first ? String(first.id) : null,
      amount: first ? suggested(account.credit, first.open_amount) : 0,
    }),
    validate: schemaResolver(zForm, { sync: true }),
    deps: [],
  });
  // Choosing another invoice proposes what the credit can settle of it.
  const chooseInvoice = (value: string | null) => {
    form.setFieldValue('invoice_id', value);
    const chosen = account.invoices_for_credit.find((i) => String(i.id) === value);
    if (chosen) form.setFieldValue('amount', suggested(account.credit, chosen.open_amount));
  };
  const close = () => {
    applyCredit.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const body = zForm.parse(values);
    try {
      await applyCredit.mutateAsync({ customerId: account.customer_id, ...body });
      notifySuccess(`${formatEuro(body.amount)} Guthaben verrechnet`);
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(errorText(cause, 'Fehler beim Speichern'));
    }
  });
  return (
    <Modal opened onClose={close} title="Guthaben verrechnen" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Verfügbares Guthaben: {formatEuro(account.credit)}. Der Betrag gilt als Zahlung auf die gewählte Rechnung.
          </Text>
          <FormError message={error} />
          <Select
            label="Rechnung"
            withAsterisk
            allowDeselect={false}
            nothingFoundMessage="Keine offene Rechnung"
            data={account.invoices_for_credit.map((i) => ({
              value: String(i.id),
              label: `${i.invoice_number} · offen ${formatEuro(i.open_amount)} · fällig ${formatDate(i.due_date)}`,
            }))}
            {...form.getInputProps('invoice_id')}
            onChange={chooseInvoice}
          />
          <NumberInput label="Betrag (€)" withAsterisk {...EURO_INPUT} {...form.getInputProps('amount')} />
          <DialogButtons
            busy={applyCredit.isPending}
            onCancel={close}
            label="Guthaben verrechnen"
            busyLabel="Speichern..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

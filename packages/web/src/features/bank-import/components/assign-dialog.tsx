import type { BankEntry } from '@butler/contract/bank-import';
import { zAssignInput } from '@butler/contract/bank-import';
import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useAssignableInvoices, useEntryActions } from '../api/bank-import';

/** "Zuordnen": book a credit on an open invoice chosen by hand (number or customer search). */
export function AssignDialog({ entry, onClose }: { entry: BankEntry | null; onClose: () => void }) {
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const invoices = useAssignableInvoices(debounced, entry !== null);
  const { assign } = useEntryActions();
  const form = useForm<{ invoice_id: string | null }>({
    mode: 'controlled',
    initialValues: { invoice_id: null },
    validate: schemaResolver(zAssignInput, { sync: true }),
  });
  const close = () => {
    assign.reset();
    form.reset();
    setSearch('');
    onClose();
  };
  const chosen = (invoices.data ?? []).find((i) => String(i.id) === form.values.invoice_id);
  // What booking on the chosen invoice would make the customer's credit, in cents (decision 0726).
  const creditCents = chosen
    ? Math.max(0, Math.round((entry?.amount ?? 0) * 100) - Math.round(chosen.open_amount * 100))
    : 0;
  const options = (invoices.data ?? []).map((i) => ({
    value: String(i.id),
    label: `${i.invoice_number} · ${i.customer_name} · offen ${formatEuro(i.open_amount)} · fällig ${formatDate(i.due_date)}`,
  }));
  return (
    <Modal opened={entry !== null} onClose={close} title="Buchung zuordnen" fullScreen={phone} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          assign.mutate(
            { id: entry!.id, invoiceId: Number(values.invoice_id), acceptCredit: creditCents / 100 },
            {
              onSuccess: (booked) => {
                notifySuccess(`Zahlung auf Rechnung ${booked.invoice_number} gebucht`);
                close();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Text size="sm">
            {formatEuro(entry?.amount ?? 0)} von {entry?.counterparty_name ?? 'unbekannt'} am{' '}
            {entry?.booking_date ? formatDate(entry.booking_date) : '–'} wird als Zahlung der gewählten Rechnung
            gebucht; ein Mehrbetrag wird Guthaben des Kunden.
          </Text>
          {chosen && creditCents > 0 && (
            <Alert color="yellow" role="status">
              Rechnung {chosen.invoice_number} ist nur noch mit {formatEuro(chosen.open_amount)} offen:{' '}
              {formatEuro(creditCents / 100)} werden Guthaben von {chosen.customer_name}.
            </Alert>
          )}
          <FormError message={assign.error ? errorText(assign.error, 'Fehler beim Speichern') : null} />
          <Select
            label="Rechnung"
            withAsterisk
            searchable
            placeholder="Rechnungsnummer oder Kunde suchen"
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            nothingFoundMessage={invoices.isFetching ? 'Suche...' : 'Keine offene Rechnung gefunden'}
            filter={({ options: all }) => all}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('invoice_id')}
          />
          <DialogButtons busy={assign.isPending} onCancel={close} label="Zuordnen" busyLabel="Wird gebucht..." />
        </Stack>
      </form>
    </Modal>
  );
}

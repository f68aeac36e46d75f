import type { Customer } from '@butler/contract/customers';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCustomers } from '../api/customers';
import { useAddReferral } from '../api/referrals';
import { addReferralProblems, addReferralStart, referrerOptions } from './add-referral-rules';

/**
 * Add a referrer afterwards (SPEC §2): the admin picks the referrer from the customer list
 * (server-searched, the current customer left out) and the dialog sends that customer's code.
 */
export function AddReferralDialog({
  customer,
  opened,
  onClose,
}: {
  customer: Customer;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const add = useAddReferral(customer.id);
  const { form, error, setError } = useDialogForm({
    opened,
    initial: addReferralStart,
    validate: addReferralProblems,
    deps: [],
  });
  const { code, search } = form.values;
  const [debounced] = useDebouncedValue(search, 250);
  const term = debounced.trim().length >= MIN_SEARCH_LENGTH ? debounced.trim() : undefined;
  const customers = useCustomers({ page: 1, pageSize: 20, search: term }, opened);
  // Labels of the people chosen so far, so the choice keeps its name when a new search runs.
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = referrerOptions(customers.data?.items ?? [], customer.id, {
    code,
    label: code ? known[code] : undefined,
  });

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        const result = await add.mutateAsync(values.code as string);
        const bonus = result.referral_bonus;
        notifySuccess(
          bonus
            ? `${result.message}. ${bonus.referrer_name} erhält jetzt ${bonus.discount_applied}\u00a0% Rabatt.`
            : result.message,
        );
        onClose();
      } catch (cause) {
        if (cause instanceof ApiError && cause.details?.referral_code)
          form.setFieldError('code', cause.details.referral_code);
        else setError(errorText(cause, 'Fehler beim Hinzufügen des Empfehlungsgebers'));
      }
    },
    // The field says what is missing; no sentence for the whole form.
    () => setError(null),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Empfehlungsgeber hinzufügen" fullScreen={phone}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            Wer hat {customer.name} empfohlen? Der Empfehlungsgeber erhält den Rabatt, sobald {customer.first_name}{' '}
            etwas kauft.
          </Text>
          <Select
            label="Empfehlungsgeber"
            withAsterisk
            searchable
            placeholder="Kunde suchen (ab 3 Zeichen)..."
            nothingFoundMessage="Keine Kunden gefunden"
            data={options}
            value={code}
            filter={({ options: all }) => all}
            searchValue={search}
            onSearchChange={(next) => form.setFieldValue('search', next)}
            onChange={(next, option) => {
              if (next && option) setKnown((prev) => ({ ...prev, [next]: option.label }));
              form.setFieldValue('code', next);
            }}
            error={form.errors.code}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={280}
          />
          <FormError message={error} />
          <DialogButtons busy={add.isPending} onCancel={onClose} label="Hinzufügen" busyLabel="Wird hinzugefügt..." />
        </Stack>
      </form>
    </Modal>
  );
}

import type { Customer } from '@butler/contract/customers';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCustomers } from '../api/customers';
import { useAddReferral } from '../api/referrals';

const SELECT_TEXT = 'Bitte wählen Sie einen Empfehlungsgeber aus';

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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = debounced.trim().length >= MIN_SEARCH_LENGTH ? debounced.trim() : undefined;
  const customers = useCustomers({ page: 1, pageSize: 20, search: term }, opened);
  const [code, setCode] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setCode(null);
    setFieldError(null);
    setError(null);
  }, [opened]);

  // Keyed by referral code: that is what the server needs; the label names the person.
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const map = new Map<string, string>(code && known[code] ? [[code, known[code]]] : []);
    for (const c of customers.data?.items ?? []) {
      if (c.id !== customer.id) map.set(c.referral_code, `${c.name} (${c.referral_code})`);
    }
    return [...map].map(([value, label]) => ({ value, label }));
  }, [customers.data, customer.id, code, known]);

  const submit = async () => {
    if (!code) {
      setFieldError(SELECT_TEXT);
      return;
    }
    setFieldError(null);
    setError(null);
    try {
      const result = await add.mutateAsync(code);
      const bonus = result.referral_bonus;
      notifySuccess(
        bonus
          ? `${result.message}. ${bonus.referrer_name} erhält jetzt ${bonus.discount_applied} % Rabatt.`
          : result.message,
      );
      onClose();
    } catch (cause) {
      const text = errorText(cause, 'Fehler beim Hinzufügen des Empfehlungsgebers');
      if (cause instanceof ApiError && cause.details?.referral_code) setFieldError(cause.details.referral_code);
      else setError(text);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Empfehlungsgeber hinzufügen" fullScreen={phone}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Wer hat {customer.name} empfohlen? Der Empfehlungsgeber erhält den Rabatt, sobald {customer.first_name}{' '}
            etwas kauft.
          </Text>
          <Select
            label="Empfehlungsgeber"
            withAsterisk
            searchable
            placeholder="Kunde suchen (ab 3 Zeichen)…"
            nothingFoundMessage="Keine Kunden gefunden"
            data={options}
            value={code}
            filter={({ options: all }) => all}
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(next, option) => {
              if (next && option) setKnown((prev) => ({ ...prev, [next]: option.label }));
              setCode(next);
              if (next) setFieldError(null);
            }}
            error={fieldError}
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

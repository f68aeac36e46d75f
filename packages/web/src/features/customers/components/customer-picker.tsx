import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCustomers } from '../api/customers';

/**
 * Customer choice for dialogs. The list comes from the server (20 at a time, searched from
 * 3 characters), so it stays fast with thousands of customers.
 */
export function CustomerPicker({
  value,
  onChange,
  initialLabel,
  error,
  label = 'Kunde',
  required = true,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  initialLabel?: string;
  error?: boolean | string;
  label?: string;
  /** false for filters, where no customer means all. */
  required?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = debounced.trim().length >= MIN_SEARCH_LENGTH ? debounced.trim() : undefined;
  const { data } = useCustomers({ page: 1, pageSize: 20, search: term });
  const [known, setKnown] = useState<Record<string, string>>(() =>
    value && initialLabel ? { [String(value)]: initialLabel } : {},
  );
  const options = useMemo(() => {
    const map = new Map<string, string>(Object.entries(known));
    for (const customer of data?.items ?? []) map.set(String(customer.id), `${customer.name} (${customer.email})`);
    if (value && !map.has(String(value))) map.set(String(value), initialLabel ?? `Kunde #${value}`);
    return [...map].map(([id, name]) => ({ value: id, label: name }));
  }, [data, known, value, initialLabel]);

  return (
    <Select
      label={label}
      withAsterisk={required}
      clearable={!required}
      searchable
      placeholder="Kunde suchen (ab 3 Zeichen)…"
      nothingFoundMessage="Keine Kunden gefunden"
      data={options}
      value={value ? String(value) : null}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        if (next && option) setKnown((prev) => ({ ...prev, [next]: option.label }));
        onChange(next ? Number(next) : null);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}

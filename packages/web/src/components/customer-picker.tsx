import type { CustomerListItem } from '@butler/contract/customers';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest } from '../lib/api-client';

/** How a customer reads in the picker: the name, and the company or else the e-mail to tell namesakes apart. */
export const customerOptionLabel = (c: Pick<CustomerListItem, 'name' | 'company' | 'email'>) =>
  c.company ? `${c.name} (${c.company})` : `${c.name} (${c.email})`;

/**
 * The one customer choice of the back office (customers' dialogs, the wiki, Quickbill, the
 * Protokoll filter; decision 0531). The list comes from the server (GET /api/customers, 20
 * at a time, searched from 3 characters), so it stays fast with thousands of customers. Its
 * answers are cached under the key `customers`, which every change of a customer refreshes
 * (lib/back-office.ts), so a renamed customer reads right at once everywhere.
 */
export function CustomerPicker({
  value,
  onChange,
  initialLabel,
  error,
  label = 'Kunde',
  required = true,
  disabled,
  ...rest
}: {
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  initialLabel?: string | null;
  error?: boolean | string;
  label?: string;
  /** false for filters and choosers, where no customer is a valid state. */
  required?: boolean;
  disabled?: boolean;
} & Pick<SelectProps, 'placeholder' | 'size' | 'w' | 'maw' | 'aria-label' | 'description' | 'comboboxProps'>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const term = debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined;
  const { data, isFetching } = useQuery({
    queryKey: ['customers', 'picker', term ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<CustomerListItem[]>('/api/customers', { query: { page: 1, page_size: 20, search: term }, signal }),
    placeholderData: keepPreviousData,
  });
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const map = new Map<string, string>(Object.entries(known));
    for (const customer of data ?? []) map.set(String(customer.id), customerOptionLabel(customer));
    if (value && !map.has(String(value))) map.set(String(value), initialLabel ?? `Kunde #${value}`);
    return [...map].map(([id, name]) => ({ value: id, label: name }));
  }, [data, known, value, initialLabel]);

  return (
    <Select
      label={label}
      withAsterisk={required}
      clearable={!required}
      searchable
      placeholder="Kunde suchen (ab 3 Zeichen)..."
      nothingFoundMessage={isFetching ? 'Suche läuft...' : 'Keine Kunden gefunden'}
      leftSection={<IconUserSearch size={18} aria-hidden />}
      data={options}
      value={value ? String(value) : null}
      // The server filters; the typed text must not hide its answers a second time.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        if (next && option) setKnown((prev) => ({ ...prev, [next]: option.label }));
        onChange(next ? Number(next) : null, option?.label ?? null);
      }}
      error={error}
      disabled={disabled}
      maxDropdownHeight={280}
      {...rest}
      comboboxProps={{ withinPortal: true, ...rest.comboboxProps }}
    />
  );
}

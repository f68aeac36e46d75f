import type { CustomerListItem } from '@butler/contract/customers';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/**
 * Customer choice from the server (GET /api/customers, 20 at a time, searched from 3
 * characters as the customer list does), so it stays fast with thousands of customers.
 */
export function CustomerSelect({
  value,
  onChange,
  initialLabel,
  label = 'Kunde',
  required = false,
  error,
  ...rest
}: {
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  initialLabel?: string | null;
  label?: string;
  required?: boolean;
  error?: boolean | string;
} & Pick<SelectProps, 'placeholder' | 'size' | 'w' | 'maw' | 'aria-label'>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = debounced.trim().length >= MIN_SEARCH_LENGTH ? debounced.trim() : undefined;
  const { data } = useQuery({
    queryKey: ['customers', 'wiki-select', term ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<CustomerListItem[]>('/api/customers', { query: { page: 1, page_size: 20, search: term }, signal }),
    placeholderData: keepPreviousData,
  });
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const map = new Map<string, string>(Object.entries(known));
    for (const customer of data ?? []) {
      map.set(String(customer.id), customer.company ? `${customer.name} (${customer.company})` : customer.name);
    }
    if (value && !map.has(String(value))) map.set(String(value), initialLabel ?? `Kunde #${value}`);
    return [...map].map(([id, name]) => ({ value: id, label: name }));
  }, [data, known, value, initialLabel]);

  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      placeholder="Kunde suchen (ab 3 Zeichen)…"
      nothingFoundMessage="Keine Kunden gefunden"
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
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      {...rest}
    />
  );
}

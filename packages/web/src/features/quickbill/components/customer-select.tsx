import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCustomerSearch } from '../api/catalog';

/**
 * Invoice recipient: searched on the server (GET /api/customers?search=, 20 at a time) so
 * the picker stays fast with thousands of customers.
 */
export function CustomerSelect({
  value,
  onChange,
  initialLabel,
  error,
  disabled,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  initialLabel?: string;
  error?: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const term = debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined;
  const { data, isFetching } = useCustomerSearch(term);
  const [known, setKnown] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const map = new Map<string, string>(Object.entries(known));
    for (const c of data ?? [])
      map.set(String(c.id), c.company ? `${c.name} (${c.company})` : `${c.name} (${c.email})`);
    if (value && !map.has(String(value))) map.set(String(value), initialLabel ?? `Kunde #${value}`);
    return [...map].map(([id, label]) => ({ value: id, label }));
  }, [data, known, value, initialLabel]);

  return (
    <Select
      label="Kunde"
      withAsterisk
      searchable
      placeholder="Kunde suchen (ab 3 Zeichen)…"
      nothingFoundMessage={isFetching ? 'Suche läuft...' : 'Keine Kunden gefunden'}
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
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}

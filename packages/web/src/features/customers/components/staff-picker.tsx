import { ROLE_LABELS } from '@butler/contract/permissions';
import type { StaffOption } from '@butler/contract/staff';
import { MultiSelect } from '@mantine/core';
import { useStaffOptions } from '../api/staff';

/**
 * "Betreuer": the staff members who look after the customer (one or more). A Butler sees
 * only the customers they look after; the others reach every customer anyway.
 */
export function StaffPicker({
  value,
  onChange,
  current = [],
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** The customer's Betreuer as loaded (shown even if no longer active). */
  current?: StaffOption[];
  error?: string;
}) {
  const options = useStaffOptions(true);
  const known = new Map([...current, ...(options.data ?? [])].map((s) => [s.id, s]));
  return (
    <MultiSelect
      label="Betreuer"
      description="Butler sehen nur die Kunden, die sie betreuen."
      placeholder={value.length ? undefined : 'Mitarbeiter wählen'}
      data={[...known.values()].map((s) => ({ value: String(s.id), label: `${s.name} (${ROLE_LABELS[s.role]})` }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error ?? (options.isError ? 'Mitarbeiter konnten nicht geladen werden' : undefined)}
      searchable
      clearable
      nothingFoundMessage="Kein Mitarbeiter gefunden"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The Betreuer as text: "Bea Berger (Butler), Olga Huber (Büro)", or a dash. */
export function staffNames(staff: StaffOption[]): string {
  return staff.length ? staff.map((s) => `${s.name} (${ROLE_LABELS[s.role]})`).join(', ') : '–';
}

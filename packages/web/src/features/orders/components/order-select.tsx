import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customerOrdersQuery } from '../api/orders';

/**
 * "Auftrag" in the time-entry dialog (decision 0810): the customer's open Aufträge, optional;
 * preselected when the dialog was opened from an Auftrag. Shown only when there is one to choose.
 */
export function OrderSelect({
  customerId,
  value,
  onChange,
  size,
}: {
  customerId: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
  size: 'sm' | 'md';
}) {
  const orders = useQuery({
    ...customerOrdersQuery(customerId ?? 0, { state: 'open', pageSize: 50 }),
    enabled: customerId !== null,
  });
  const options = (orders.data?.items ?? []).map((o) => ({ value: String(o.id), label: `${o.number} · ${o.title}` }));
  if (value !== null && !options.some((o) => o.value === String(value)))
    options.unshift({ value: String(value), label: `A-${String(value).padStart(4, '0')}` });
  if (customerId === null || options.length === 0) return null;
  return (
    <Select
      label="Auftrag"
      description="Optional: die Zeit zählt dann zu diesem Auftrag"
      placeholder="Kein Auftrag"
      size={size}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid="time-entry-order"
    />
  );
}

import { DEFAULT_PRICE_PER_HOUR } from '@butler/contract/hour-packages';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { billingTypeName, formatDate, formatEuro, formatHours, todayInVienna, truncate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import type { BillableTimeEntry } from '../api/catalog';
import { useSaveInvoice } from '../api/invoices';
import { lineNetCents } from './invoice-totals';
import { entryLine } from './time-entries-dialog';

/**
 * One customer's billable entries: choose (nothing preselected), set the hourly rate,
 * create a draft invoice.
 */
export function BillableGroup({ customerId, entries }: { customerId: number; entries: BillableTimeEntry[] }) {
  const navigate = useNavigate();
  const save = useSaveInvoice();
  // Negative corrections cannot be an invoice line; they stay listed but not selectable.
  const selectable = entries.filter((e) => e.hours > 0);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const [rate, setRate] = useState<number | string>(DEFAULT_PRICE_PER_HOUR);
  const picked = selectable.filter((e) => chosen.has(e.id));
  const hours = picked.reduce((sum, e) => sum + Math.round(e.hours * 100), 0) / 100;
  const net = picked.reduce((sum, e) => sum + lineNetCents(e.hours, Number(rate) || 0), 0) / 100;
  const allChosen = selectable.length > 0 && picked.length === selectable.length;
  const toggleAll = () => setChosen(allChosen ? new Set() : new Set(selectable.map((e) => e.id)));
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const create = () =>
    save.mutate(
      {
        body: {
          customer_id: customerId,
          invoice_date: todayInVienna(),
          items: picked.map((e) => ({
            description: entryLine(e),
            quantity: e.hours,
            unit: 'Std.',
            unit_price: Number(rate),
            tax_rate: 20,
          })),
          time_entry_ids: picked.map((e) => e.id),
        },
      },
      {
        onSuccess: (invoice) => {
          notifySuccess('Rechnungsentwurf erstellt');
          navigate(`/admin/quickbill/invoices/${invoice.id}/edit`);
        },
      },
    );

  return (
    <div>
      <Checkbox
        mb="xs"
        fw={600}
        label="Alle auswählen"
        checked={allChosen}
        indeterminate={picked.length > 0 && !allChosen}
        disabled={selectable.length === 0}
        onChange={toggleAll}
      />
      <Stack gap={6}>
        {entries.map((e) => (
          <Checkbox
            key={e.id}
            checked={chosen.has(e.id)}
            disabled={e.hours <= 0}
            onChange={() => toggle(e.id)}
            styles={{ labelWrapper: { width: '100%' }, body: { alignItems: 'flex-start' } }}
            label={
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">
                  <Text span fw={600} size="sm">
                    {formatDate(e.work_date)}
                  </Text>{' '}
                  · {e.project_name} · {truncate(e.activity_description, 50)}{' '}
                  <Text span size="xs" c="dimmed">
                    ({billingTypeName(e.billing_type)})
                  </Text>
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatHours(e.hours)}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
      <Group justify="space-between" align="flex-end" mt="md" gap="sm">
        <NumberInput
          label="Stundensatz netto (€)"
          value={rate}
          onChange={setRate}
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          fixedDecimalScale
          step={0.01}
          min={0}
          w={200}
        />
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {formatHours(hours)} · {formatEuro(net)} netto
          </Text>
          <Button
            leftSection={<IconFilePlus size={16} />}
            onClick={create}
            disabled={picked.length === 0 || rate === '' || save.isPending}
          >
            {save.isPending ? 'Wird erstellt...' : 'Rechnung erstellen'}
          </Button>
        </Group>
      </Group>
      {save.error && (
        <Alert color="red" mt="sm" role="alert">
          {errorText(save.error, 'Die Rechnung konnte nicht erstellt werden')}
        </Alert>
      )}
    </div>
  );
}

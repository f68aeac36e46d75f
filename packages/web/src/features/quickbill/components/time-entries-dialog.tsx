import { DEFAULT_PRICE_PER_HOUR } from '@butler/contract/hour-packages';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState } from '../../../components/states';
import { formatDate, formatHours, truncate } from '../../../lib/format';
import { type BillableTimeEntry, useBillableEntries } from '../api/catalog';

/** One invoice line per time entry: '22.11.2026 – Projekt: Tätigkeit', hours × hourly rate. */
export function entryLine(entry: BillableTimeEntry) {
  return `${formatDate(entry.work_date)} – ${entry.project_name}: ${truncate(entry.activity_description, 200)}`;
}

/**
 * Billable, not yet invoiced time entries of the chosen customer. The chosen ones become
 * lines and are attached to the invoice (marked invoiced when it is saved).
 */
export function TimeEntriesDialog({
  opened,
  onClose,
  customerId,
  excludeIds,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  customerId: number;
  excludeIds: number[];
  onAdd: (entries: BillableTimeEntry[], hourlyRate: number) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useBillableEntries(customerId, opened);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [rate, setRate] = useState<number | string>(DEFAULT_PRICE_PER_HOUR);
  useEffect(() => {
    if (opened) setChosen(new Set());
  }, [opened]);
  // Negative corrections cannot become a line with a positive quantity.
  const entries = (query.data ?? []).filter((e) => !excludeIds.includes(e.id) && e.hours > 0);
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Zeiteinträge übernehmen" fullScreen={phone} size="lg">
      {query.isPending ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : entries.length === 0 ? (
        <EmptyState text="Keine verrechenbaren Zeiteinträge für diesen Kunden" />
      ) : (
        <Stack>
          <Checkbox
            label="Alle auswählen"
            checked={chosen.size === entries.length}
            indeterminate={chosen.size > 0 && chosen.size < entries.length}
            onChange={() => setChosen(chosen.size === entries.length ? new Set() : new Set(entries.map((e) => e.id)))}
          />
          <ScrollArea.Autosize mah={phone ? undefined : 360}>
            <Stack gap="xs">
              {entries.map((e) => (
                <Checkbox
                  key={e.id}
                  checked={chosen.has(e.id)}
                  onChange={() => toggle(e.id)}
                  label={
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Text size="sm">{entryLine(e)}</Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatHours(e.hours)}
                      </Text>
                    </Group>
                  }
                  styles={{ labelWrapper: { width: '100%' } }}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <NumberInput
            label="Stundensatz netto (€)"
            withAsterisk
            value={rate}
            onChange={setRate}
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            fixedDecimalScale
            step={0.01}
            min={0}
            maw={220}
          />
          {query.isError && <Alert color="red">Fehler beim Laden der Daten</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button
              disabled={chosen.size === 0 || rate === ''}
              onClick={() => {
                onAdd(
                  entries.filter((e) => chosen.has(e.id)),
                  Number(rate),
                );
                onClose();
              }}
            >
              {chosen.size === 1 ? '1 Eintrag übernehmen' : `${chosen.size} Einträge übernehmen`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

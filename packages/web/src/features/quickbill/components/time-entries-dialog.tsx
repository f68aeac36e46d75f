import { Alert, Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState } from '../../../components/states';
import { useDialogForm } from '../../../components/use-dialog-form';
import { formatDate, formatHours, truncate } from '../../../lib/format';
import { type BillableTimeEntry, useBillableEntries } from '../api/catalog';
import {
  entriesToOffer,
  takeLabel,
  timeEntriesProblems,
  timeEntriesStart,
  toggleAll,
  toggleEntry,
} from './time-entries-rules';

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
  // The rate stays what it was set to last, for the next entries of the same invoice.
  const lastRate = useRef<number | string | undefined>(undefined);
  const { form } = useDialogForm({
    opened,
    initial: () => timeEntriesStart(lastRate.current),
    validate: timeEntriesProblems,
    deps: [],
  });
  const { chosen } = form.values;
  const entries = entriesToOffer(query.data ?? [], excludeIds);
  const ready = Object.keys(timeEntriesProblems(form.values)).length === 0;
  const submit = form.onSubmit(({ chosen: ids, rate }) => {
    lastRate.current = rate;
    onAdd(
      entries.filter((e) => ids.includes(e.id)),
      Number(rate),
    );
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Zeiteinträge übernehmen" fullScreen={phone} size="lg">
      {query.isPending ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : entries.length === 0 ? (
        <EmptyState text="Keine verrechenbaren Zeiteinträge für diesen Kunden" />
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            <Checkbox
              label="Alle auswählen"
              checked={chosen.length === entries.length}
              indeterminate={chosen.length > 0 && chosen.length < entries.length}
              onChange={() => form.setFieldValue('chosen', toggleAll(chosen, entries))}
            />
            <ScrollArea.Autosize mah={phone ? undefined : 360}>
              <Stack gap="xs">
                {entries.map((e) => (
                  <Checkbox
                    key={e.id}
                    checked={chosen.includes(e.id)}
                    onChange={() => form.setFieldValue('chosen', toggleEntry(chosen, e.id))}
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
              {...form.getInputProps('rate')}
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
              <Button type="submit" disabled={!ready}>
                {takeLabel(chosen.length)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

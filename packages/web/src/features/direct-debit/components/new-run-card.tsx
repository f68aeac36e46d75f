import type { DueCollection } from '@butler/contract/direct-debit';
import { assignSequenceTypes } from '@butler/contract/sepa-sequence';
import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useDownloadRunFile, useDueCollections, useRunActions } from '../api/direct-debit';

const SEQUENCE = { FRST: 'Erst', RCUR: 'Folge' } as const;

/**
 * "Neuer Lastschrift-Lauf": a collection date (TARGET day, 2 bank days ahead, at most 14
 * days), the invoices that may be collected then, and the file for the bank. Only what the
 * file check accepts is preselected (the server proves a trial file, decision 0722); the
 * Erst/Folge column follows the selection by the rule the file is written with (0721).
 * A created run opens with its file ready to download.
 */
export function NewRunCard({ ready, onCreated }: { ready: boolean; onCreated: (runId: number) => void }) {
  const phone = usePhone();
  const download = useDownloadRunFile();
  const [date, setDate] = useState<string | null>(null);
  const due = useDueCollections(date);
  const { create } = useRunActions();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const collectable = useMemo(() => (due.data?.items ?? []).filter((i) => i.blocked === null), [due.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: preselect everything collectable whenever the list changes
  useEffect(() => {
    if (date === null && due.data) setDate(due.data.collection_date);
    setSelected(new Set(collectable.map((i) => i.invoice_id)));
  }, [due.data]);

  if (due.isPending) return <PageLoader text="Lade fällige Rechnungen..." />;
  if (due.isError) return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void due.refetch()} />;
  const items = due.data.items;
  const chosen = items.filter((i) => selected.has(i.invoice_id));
  const total = chosen.reduce((sum, i) => sum + Math.round(i.amount * 100), 0) / 100;
  // As the file would be written: a new mandate with several chosen invoices goes as RCUR.
  const chosenTypes = assignSequenceTypes(
    chosen.map((i) => ({ mandateReference: i.mandate_reference, collectedBefore: i.sequence_type === 'RCUR' })),
  );
  const sequenceOf = (item: DueCollection) => {
    const index = chosen.indexOf(item);
    return SEQUENCE[index >= 0 ? chosenTypes[index] : item.sequence_type];
  };
  const toggle = (item: DueCollection) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(item.invoice_id)) next.delete(item.invoice_id);
      else next.add(item.invoice_id);
      return next;
    });

  const submit = () =>
    create.mutate(
      { collection_date: date ?? due.data.collection_date, invoice_ids: chosen.map((i) => i.invoice_id) },
      {
        onSuccess: (run) => {
          notifySuccess(`Lastschrift-Lauf über ${formatEuro(run.total)} erstellt`);
          onCreated(run.id);
          void download(run).catch(() => {
            // The dialog that just opened offers "Datei herunterladen" again.
          });
        },
      },
    );

  /** The announced day, or why not now with the way to the day it becomes collectable. */
  const announcement = (item: DueCollection) => {
    if (!item.blocked) return <Text size="sm">{formatDate(item.announced_on)}</Text>;
    const later = item.announced_on > (date ?? '') && item.announced_on <= due.data.latest_date;
    return (
      <Stack gap={0} align="flex-start">
        <Text size="sm" c="red.9">
          {item.blocked}
        </Text>
        {later && (
          <Anchor component="button" type="button" size="sm" onClick={() => setDate(item.announced_on)}>
            Einzug am {formatDate(item.announced_on)} wählen
          </Anchor>
        )}
      </Stack>
    );
  };

  const row = (item: DueCollection) => (
    <Checkbox
      checked={selected.has(item.invoice_id)}
      disabled={item.blocked !== null}
      onChange={() => toggle(item)}
      aria-label={`Rechnung ${item.invoice_number} einziehen`}
    />
  );

  return (
    <Card>
      <Title order={2} size="h4" mb={2}>
        Neuer Lastschrift-Lauf
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Einzugstag frühestens {formatDate(due.data.earliest_date)} (zwei Bankarbeitstage Vorlauf), spätestens{' '}
        {formatDate(due.data.latest_date)}; nur TARGET-Bankarbeitstage.
      </Text>
      <Stack gap="sm">
        {!ready && (
          <Alert color="yellow" role="status">
            Bitte hinterlegen Sie zuerst Gläubiger-ID und Einzugskonto unter Quickbill → Einstellungen.
          </Alert>
        )}
        <DateField
          label="Einzugstag"
          value={date}
          onChange={setDate}
          minDate={due.data.earliest_date}
          maxDate={due.data.latest_date}
          maw={220}
        />
        {due.data.file_problem && (
          <Alert color="red" role="alert">
            {due.data.file_problem}
          </Alert>
        )}
        {create.error && (
          <Alert color="red" role="alert">
            {errorText(create.error, 'Der Lauf konnte nicht erstellt werden')}
          </Alert>
        )}
        {items.length === 0 ? (
          <EmptyState text="Keine Rechnungen zum Einzug fällig." />
        ) : phone ? (
          <Stack gap="xs">
            {items.map((item) => (
              <Card key={item.invoice_id} padding="sm" withBorder shadow="none">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Text fw={600}>{item.customer_name}</Text>
                    <Text size="sm">
                      {item.invoice_number} · {formatEuro(item.amount)} · {sequenceOf(item)}
                    </Text>
                    {announcement(item)}
                  </Stack>
                  {row(item)}
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>Auswahl</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Rechnung</Table.Th>
                  <Table.Th>Kunde</Table.Th>
                  <Table.Th>Mandat</Table.Th>
                  <Table.Th>Art</Table.Th>
                  <Table.Th>Angekündigt</Table.Th>
                  <Table.Th ta="right">Betrag</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.invoice_id}>
                    <Table.Td>{row(item)}</Table.Td>
                    <Table.Td>{item.invoice_number}</Table.Td>
                    <Table.Td>{item.customer_name}</Table.Td>
                    <Table.Td>{item.mandate_reference || '–'}</Table.Td>
                    <Table.Td>{sequenceOf(item)}</Table.Td>
                    <Table.Td>{announcement(item)}</Table.Td>
                    <Table.Td ta="right">{formatEuro(item.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm">
            {chosen.length} {chosen.length === 1 ? 'Rechnung' : 'Rechnungen'} · {formatEuro(total)}
          </Text>
          <Button
            leftSection={<IconFileExport size={18} />}
            disabled={!ready || chosen.length === 0 || create.isPending || due.data.file_problem !== null}
            onClick={submit}
          >
            {create.isPending ? 'Datei wird erstellt...' : 'Datei für die Bank erstellen'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { RUN_ITEM_STATE_LABELS, type RunDetail } from '@butler/contract/direct-debit';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { downloadRunFile, useRun, useRunActions } from '../api/direct-debit';

type Item = RunDetail['items'][number];
const STATE_COLORS = { submitted: 'blue', collected: 'teal', returned: 'red', discarded: 'gray' } as const;

const columns: Column<Item>[] = [
  { key: 'invoice', label: 'Rechnung', render: (i) => i.invoice_number, hideOnCard: true },
  { key: 'debtor', label: 'Kontoinhaber', render: (i) => i.debtor_name },
  { key: 'mandate', label: 'Mandat', render: (i) => `${i.mandate_reference} (${i.sequence_type})` },
  { key: 'amount', label: 'Betrag', render: (i) => formatEuro(i.amount), align: 'right' },
  {
    key: 'state',
    label: 'Status',
    render: (i) => (
      <Stack gap={0} align="flex-end">
        <Badge color={STATE_COLORS[i.state]} variant="light">
          {RUN_ITEM_STATE_LABELS[i.state]}
        </Badge>
        {i.return_reason && (
          <Text size="xs" c="red">
            {i.return_reason}
            {i.return_fee ? ` · Gebühr ${formatEuro(i.return_fee)}` : ''}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** A stored run: its file (with sha256), every collection and its state; discard if the bank never got it. */
export function RunDetailDialog({ runId, onClose }: { runId: number | null; onClose: () => void }) {
  const phone = usePhone();
  const run = useRun(runId);
  const { discard } = useRunActions();
  const [confirming, setConfirming] = useState(false);
  const data = run.data;
  const canDiscard = data?.status === 'submitted' && data.items.every((i) => i.state === 'submitted');
  return (
    <Modal opened={runId !== null} onClose={onClose} title="Lastschrift-Lauf" fullScreen={phone} size="xl">
      {!data ? (
        <PageLoader text="Lade Lauf..." />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Einzug am {formatDate(data.collection_date)} · {data.item_count} Lastschriften · {formatEuro(data.total)} ·
            erstellt {formatDateTime(data.created_at)} von {data.created_by}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {data.file_name} (pain.{data.pain_version}) · SHA-256 {data.sha256}
          </Text>
          <ResponsiveList
            rows={data.items}
            columns={columns}
            rowKey={(i) => i.id}
            cardTitle={(i) => i.invoice_number}
          />
          <Group justify="flex-end" gap="xs">
            {canDiscard && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Lauf verwerfen
              </Button>
            )}
            <Button
              onClick={() =>
                void downloadRunFile(data).catch((e) =>
                  notifyError(errorText(e, 'Die Datei konnte nicht geladen werden')),
                )
              }
            >
              Datei herunterladen
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Lauf verwerfen"
        message="Nur verwerfen, wenn die Datei nie bei der Bank eingereicht wurde. Die Rechnungen werden danach wieder zum Einzug angeboten."
        confirmLabel="Verwerfen"
        errorFallback="Fehler beim Speichern"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await discard.mutateAsync(runId!);
          notifySuccess('Lastschrift-Lauf verworfen');
        }}
      />
    </Modal>
  );
}

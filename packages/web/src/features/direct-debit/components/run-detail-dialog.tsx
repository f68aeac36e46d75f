import { painFormatName, RUN_ITEM_STATE_LABELS, type RunDetail } from '@butler/contract/direct-debit';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useDownloadRunFile, useRun, useRunActions } from '../api/direct-debit';
import { RunStageBadge } from './run-stage-badge';

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
        <Badge color={STATE_COLORS[i.state]} variant="light" style={{ textTransform: 'none' }}>
          {RUN_ITEM_STATE_LABELS[i.state]}
        </Badge>
        {i.return_reason && (
          <Text size="xs" c="red.9">
            {i.return_reason}
            {i.return_fee ? ` · Gebühr ${formatEuro(i.return_fee)}` : ''}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** What to do next with the file, in one sentence and one button (decision 0722). */
function NextStep({ run }: { run: RunDetail }) {
  const download = useDownloadRunFile();
  const { atBank } = useRunActions();
  if (run.stage === 'discarded') return null;
  if (run.stage === 'at_bank') {
    return (
      <Text size="sm">
        Bei der Bank eingereicht: {run.at_bank_at ? formatDateTime(run.at_bank_at) : ''} · {run.at_bank_by}
      </Text>
    );
  }
  return (
    <Alert color="blue" role="status" title="Datei bereit – bei der Bank hochladen">
      <Stack gap="xs">
        <Text size="sm">
          {run.stage === 'created'
            ? 'Die Datei wurde noch nicht heruntergeladen. Laden Sie sie herunter und im Online-Banking als SEPA-Lastschrift-Datei hoch.'
            : `Heruntergeladen ${run.downloaded_at ? formatDateTime(run.downloaded_at) : ''} von ${run.downloaded_by ?? ''}. Bestätigen Sie hier, sobald die Bank die Datei angenommen hat.`}
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconDownload size={18} />}
            variant={run.stage === 'created' ? 'filled' : 'default'}
            onClick={() =>
              void download(run).catch((e) => notifyError(errorText(e, 'Die Datei konnte nicht geladen werden')))
            }
          >
            Datei herunterladen
          </Button>
          {run.stage === 'downloaded' && (
            <Button
              loading={atBank.isPending}
              onClick={() =>
                atBank.mutate(run.id, {
                  onSuccess: () => notifySuccess('Lastschrift-Lauf als bei der Bank eingereicht vermerkt'),
                  onError: (e) => notifyError(errorText(e, 'Fehler beim Speichern')),
                })
              }
            >
              Bei der Bank eingereicht
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** A stored run: its file (with sha256), what to do with it, every collection; discard if the bank never got it. */
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
          <Group gap="xs" justify="space-between">
            <Text size="sm">
              Einzug am {formatDate(data.collection_date)} · {data.item_count}{' '}
              {data.item_count === 1 ? 'Lastschrift' : 'Lastschriften'} · {formatEuro(data.total)} · erstellt{' '}
              {formatDateTime(data.created_at)} von {data.created_by}
            </Text>
            <RunStageBadge run={data} />
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {data.file_name} ({painFormatName(data.pain_version)}) · SHA-256 {data.sha256}
          </Text>
          <NextStep run={data} />
          <ResponsiveList
            rows={data.items}
            columns={columns}
            rowKey={(i) => i.id}
            cardTitle={(i) => i.invoice_number}
          />
          {canDiscard && (
            <Group justify="flex-end">
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Lauf verwerfen
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Lauf verwerfen"
        message={
          data?.stage === 'at_bank'
            ? 'Dieser Lauf ist als bei der Bank eingereicht vermerkt. Nur verwerfen, wenn die Bank die Datei abgelehnt hat. Die Rechnungen werden danach wieder zum Einzug angeboten.'
            : 'Nur verwerfen, wenn die Datei nie bei der Bank eingereicht wurde. Die Rechnungen werden danach wieder zum Einzug angeboten.'
        }
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

import { Button, Card, Group, Modal, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { downloadBankFile, FILE_PAGE_SIZE, useBankFiles, useFileSummary } from '../api/bank-import';
import { ImportSummaryView } from './import-summary-view';

type File = NonNullable<ReturnType<typeof useBankFiles>['data']>['items'][number];

/** Every imported file, kept byte for byte with its SHA-256. */
export function FilesCard() {
  const [page, setPage] = useState(1);
  const files = useBankFiles(page);
  const [shown, setShown] = useState<number | null>(null);
  const actions = (f: File) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="subtle" onClick={() => setShown(f.id)} aria-label={`Ergebnis von ${f.file_name}`}>
        Ergebnis
      </Button>
      <Button
        size="xs"
        variant="subtle"
        title={`SHA-256 ${f.sha256}`}
        onClick={() =>
          void downloadBankFile(f).catch((e) => notifyError(errorText(e, 'Die Datei konnte nicht geladen werden')))
        }
      >
        Herunterladen
      </Button>
    </Group>
  );
  const columns: Column<File>[] = [
    { key: 'name', label: 'Datei', render: (f) => f.file_name, hideOnCard: true },
    { key: 'message', label: 'Art', render: (f) => f.message },
    {
      key: 'entries',
      label: 'Buchungen',
      render: (f) =>
        [
          `${f.new_entries} neu von ${f.entries}`,
          f.skipped > 0 && `${f.skipped} übersprungen`,
          f.warnings > 0 && `${f.warnings} ${f.warnings === 1 ? 'Hinweis' : 'Hinweise'}`,
        ]
          .filter(Boolean)
          .join(' · '),
      align: 'right',
    },
    { key: 'imported', label: 'Importiert', render: (f) => `${formatDateTime(f.imported_at)} · ${f.imported_by}` },
    {
      key: 'download',
      label: 'Aktionen',
      hideOnCard: true,
      align: 'right',
      render: (f) => actions(f),
    },
  ];
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        Importierte Dateien
      </Title>
      {files.isPending ? (
        <PageLoader text="Lade Dateien..." />
      ) : files.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void files.refetch()} />
      ) : files.data.items.length === 0 ? (
        <EmptyState text="Noch keine Kontoauszüge importiert." />
      ) : (
        <>
          <ResponsiveList
            rows={files.data.items}
            columns={columns}
            rowKey={(f) => f.id}
            cardTitle={(f) => f.file_name}
            cardActions={actions}
          />
          <Pager page={page} total={files.data.total} pageSize={FILE_PAGE_SIZE} onChange={setPage} />
          <Text size="xs" c="dimmed" mt="xs">
            Jede Datei wird unverändert mit ihrer SHA-256-Prüfsumme aufbewahrt.
          </Text>
        </>
      )}
      <FileSummaryDialog fileId={shown} onClose={() => setShown(null)} />
    </Card>
  );
}

/** "Ergebnis": what the import of one file did, as its upload said it. */
function FileSummaryDialog({ fileId, onClose }: { fileId: number | null; onClose: () => void }) {
  const phone = usePhone();
  const summary = useFileSummary(fileId);
  return (
    <Modal opened={fileId !== null} onClose={onClose} title="Ergebnis des Imports" size="lg" fullScreen={phone}>
      {summary.data ? (
        <ImportSummaryView summary={{ ...summary.data, duplicate: false }} />
      ) : summary.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void summary.refetch()} />
      ) : (
        <PageLoader text="Lade Ergebnis..." />
      )}
    </Modal>
  );
}

import { Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadBankFile, FILE_PAGE_SIZE, useBankFiles } from '../api/bank-import';

type File = NonNullable<ReturnType<typeof useBankFiles>['data']>['items'][number];

/** Every imported file, kept byte for byte with its SHA-256. */
export function FilesCard() {
  const [page, setPage] = useState(1);
  const files = useBankFiles(page);
  const columns: Column<File>[] = [
    { key: 'name', label: 'Datei', render: (f) => f.file_name, hideOnCard: true },
    { key: 'message', label: 'Art', render: (f) => f.message },
    { key: 'entries', label: 'Buchungen', render: (f) => `${f.new_entries} neu von ${f.entries}`, align: 'right' },
    { key: 'imported', label: 'Importiert', render: (f) => `${formatDateTime(f.imported_at)} · ${f.imported_by}` },
    {
      key: 'download',
      label: 'Aktionen',
      hideOnCard: true,
      align: 'right',
      render: (f) => (
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
      ),
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
          />
          <Pager page={page} total={files.data.total} pageSize={FILE_PAGE_SIZE} onChange={setPage} />
          <Text size="xs" c="dimmed" mt="xs">
            Jede Datei wird unverändert mit ihrer SHA-256-Prüfsumme aufbewahrt.
          </Text>
        </>
      )}
    </Card>
  );
}

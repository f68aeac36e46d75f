import type { Run } from '@butler/contract/direct-debit';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatDateTime, formatEuro } from '../../lib/format';
import { RUN_PAGE_SIZE, useDirectDebitSettings, useRuns } from './api/direct-debit';
import { NewRunCard } from './components/new-run-card';
import { RunDetailDialog } from './components/run-detail-dialog';
import { RunStageBadge } from './components/run-stage-badge';

/** /admin/quickbill/lastschriften: new run (due invoices, date, pain.008) and every stored run. */
export function DirectDebitPage() {
  const settings = useDirectDebitSettings();
  const [page, setPage] = useState(1);
  const runs = useRuns(page);
  const [openRun, setOpenRun] = useState<number | null>(null);

  const columns: Column<Run>[] = [
    { key: 'date', label: 'Einzug am', render: (r) => formatDate(r.collection_date), hideOnCard: true },
    { key: 'created', label: 'Erstellt', render: (r) => formatDateTime(r.created_at) },
    { key: 'count', label: 'Lastschriften', render: (r) => r.item_count, align: 'right' },
    { key: 'total', label: 'Summe', render: (r) => formatEuro(r.total), align: 'right' },
    { key: 'state', label: 'Status', render: (r) => <RunStageBadge run={r} /> },
    {
      key: 'open',
      label: 'Aktionen',
      hideOnCard: true,
      align: 'right',
      render: (r) => (
        <Button size="xs" variant="subtle" onClick={() => setOpenRun(r.id)}>
          Anzeigen
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Lastschriften"
        subtitle="SEPA-Lastschriften für ButlerPakete: Datei für die Bank erstellen, Läufe nachverfolgen"
        actions={
          <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Zurück
          </Button>
        }
      />
      <NewRunCard ready={settings.data?.ready ?? false} onCreated={setOpenRun} />
      <Card>
        <Title order={2} size="h4" mb="sm">
          Lastschrift-Läufe
        </Title>
        {runs.isPending ? (
          <PageLoader text="Lade Lastschrift-Läufe..." />
        ) : runs.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void runs.refetch()} />
        ) : runs.data.items.length === 0 ? (
          <EmptyState text="Noch keine Lastschrift-Läufe erstellt." />
        ) : (
          <>
            <ResponsiveList
              rows={runs.data.items}
              columns={columns}
              rowKey={(r) => r.id}
              cardTitle={(r) => `Einzug am ${formatDate(r.collection_date)}`}
              onCardClick={(r) => setOpenRun(r.id)}
            />
            <Pager page={page} total={runs.data.total} pageSize={RUN_PAGE_SIZE} onChange={setPage} />
          </>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          Jede Datei wird unverändert mit ihrer Prüfsumme aufbewahrt; eine Rechnung wird nie zweimal eingezogen.
        </Text>
      </Card>
      <RunDetailDialog runId={openRun} onClose={() => setOpenRun(null)} />
    </Stack>
  );
}

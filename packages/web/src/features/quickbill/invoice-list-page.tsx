import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState } from '../../components/states';
import { urlParam } from '../../lib/url-filters';
import { usePageInRange, useUrlFilters } from '../../lib/use-url-filters';
import { useInvoices } from './api/invoices';
import { INVOICE_PAGE_SIZE } from './api/keys';
import { BulkBar } from './components/bulk-bar';
import { InvoiceTable } from './components/invoice-table';

const STATUS_OPTIONS = [
  { value: 'all', label: 'Alle Status' },
  { value: 'draft', label: 'Entwurf' },
  { value: 'sent', label: 'Versendet' },
  { value: 'partially_paid', label: 'Teilweise bezahlt' },
  { value: 'paid', label: 'Bezahlt' },
  { value: 'overdue', label: 'Überfällig' },
  { value: 'cancelled', label: 'Storniert' },
];
const PERIOD_OPTIONS = [
  { value: 'all', label: 'Alle Zeiträume' },
  { value: 'today', label: 'Heute' },
  { value: 'week', label: 'Diese Woche' },
  { value: 'month', label: 'Dieser Monat' },
  { value: 'year', label: 'Dieses Jahr' },
];
const FILTERS = {
  suche: urlParam.text(),
  status: urlParam.choice(
    STATUS_OPTIONS.map((o) => o.value),
    'all',
  ),
  zeitraum: urlParam.choice(
    PERIOD_OPTIONS.map((o) => o.value),
    'all',
  ),
  seite: urlParam.page(),
};

/** /admin/quickbill/invoices: filtered on the server, paged, with selection and bulk actions. */
export function InvoiceListPage() {
  // The filters live in the address (decision 0660): a link, the overdue tile or a reload shows the same list.
  const { values, set, replace, reset, search } = useUrlFilters(FILTERS);
  const { status, zeitraum: period, seite: page, suche: debounced } = values;
  const setStatus = (value: string) => set({ status: value });
  const setPeriod = (value: string) => set({ zeitraum: value });
  const setPage = (value: number) => set({ seite: value });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const query = useInvoices({ search: debounced || undefined, status, dateFilter: period, page });
  usePageInRange(page, query.data?.total, INVOICE_PAGE_SIZE, (seite) => replace({ seite }));

  // A new filter or page shows other rows: a selection of rows no longer visible would surprise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filters change
  useEffect(() => {
    setSelected(new Set());
  }, [debounced, status, period, page]);

  const rows = query.data?.items ?? [];
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((prev) =>
      rows.length > 0 && rows.every((r) => prev.has(r.id)) ? new Set() : new Set(rows.map((r) => r.id)),
    );
  const filtered = debounced !== '' || status !== 'all' || period !== 'all';

  return (
    <Stack gap="md">
      <PageHeader
        title="Rechnungen"
        actions={
          <>
            <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Quickbill
            </Button>
            <ExportMenu
              path="/api/exports/invoices"
              query={{ search: debounced || undefined, status, date_filter: period }}
              filename="rechnungen"
            />
            <Button component={Link} to="/admin/quickbill/invoices/new" leftSection={<IconPlus size={18} />}>
              Neue Rechnung
            </Button>
          </>
        }
      />
      <Card padding="md">
        <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Suche"
            placeholder="Rechnung oder Kunde suchen..."
            leftSection={<IconSearch size={16} />}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
            size="sm"
            miw={220}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => setStatus(v ?? 'all')}
            allowDeselect={false}
            size="sm"
            miw={160}
          />
          <Select
            label="Zeitraum"
            data={PERIOD_OPTIONS}
            value={period}
            onChange={(v) => setPeriod(v ?? 'all')}
            allowDeselect={false}
            size="sm"
            miw={160}
          />
        </Group>
      </Card>
      {selected.size > 0 && (
        <BulkBar rows={rows.filter((r) => selected.has(r.id))} onDone={() => setSelected(new Set())} />
      )}
      {query.isPending ? (
        <PageLoader text="Lade Rechnungen..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Card data-testid="invoice-list-empty">
          {filtered ? (
            // Empty because of the search or a filter (decision 0633): say so and offer the way back.
            <EmptyState
              text="Keine Rechnungen gefunden"
              action={
                <Stack gap="xs" align="center">
                  <span>Keine Rechnung passt zu dieser Suche und den gewählten Filtern.</span>
                  <Button variant="light" onClick={reset}>
                    Filter zurücksetzen
                  </Button>
                </Stack>
              }
            />
          ) : (
            <EmptyState
              text="Keine Rechnungen gefunden"
              action={
                <Stack gap="xs" align="center">
                  <span>Erstellen Sie Ihre erste Rechnung.</span>
                  <Button component={Link} to="/admin/quickbill/invoices/new" leftSection={<IconPlus size={18} />}>
                    Erste Rechnung erstellen
                  </Button>
                </Stack>
              }
            />
          )}
        </Card>
      ) : (
        <Card padding="md" style={{ opacity: query.isFetching ? 0.7 : 1 }}>
          <InvoiceTable rows={rows} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
          <Pager page={page} total={query.data.total} pageSize={INVOICE_PAGE_SIZE} onChange={setPage} />
        </Card>
      )}
    </Stack>
  );
}

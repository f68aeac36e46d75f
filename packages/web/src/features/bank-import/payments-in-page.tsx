import {
  type BankEntry,
  ENTRY_KIND_LABELS,
  type EntryKind,
  MATCH_STATE_LABELS,
  type MatchState,
} from '@butler/contract/bank-import';
import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconDots, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatEuro } from '../../lib/format';
import { urlParam } from '../../lib/url-filters';
import { usePhone } from '../../lib/use-phone';
import { usePageInRange, useUrlFilters } from '../../lib/use-url-filters';
import { ENTRY_PAGE_SIZE, type EntryFilter, useBankEntries } from './api/bank-import';
import { AssignDialog } from './components/assign-dialog';
import { ConfirmSuggestion } from './components/confirm-suggestion';
import { EntryStateBadge } from './components/entry-state-badge';
import { FilesCard } from './components/files-card';
import { IgnoreDialog } from './components/ignore-dialog';
import { ImportCard } from './components/import-card';
import { ReturnsDigestNote } from './components/returns-digest-note';

type State = EntryFilter['state'];
type Kind = EntryFilter['kind'];

/** In the address (decision 0660): `?status=...&art=...&suche=...&seite=...`. */
const FILTERS = {
  status: urlParam.choice<State>(['all', ...(Object.keys(MATCH_STATE_LABELS) as MatchState[])], 'all'),
  art: urlParam.choice<Kind>(['all', ...(Object.keys(ENTRY_KIND_LABELS) as EntryKind[])], 'all'),
  suche: urlParam.text(),
  seite: urlParam.page(),
};

function Amount({ value }: { value: number }) {
  return (
    <Text component="span" fw={600} c={value < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
      {value < 0 ? '− ' : '+ '}
      {formatEuro(Math.abs(value))}
    </Text>
  );
}

/** /admin/quickbill/zahlungseingaenge: import camt files, every booking with its match state. */
export function PaymentsInPage() {
  const { values, set, replace, search } = useUrlFilters(FILTERS);
  const { status: state, art: kind, suche: debounced, seite: page } = values;
  const setPage = (seite: number) => set({ seite });
  const query: EntryFilter = {
    state,
    kind,
    search: debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined,
    page,
  };
  const entries = useBankEntries(query);
  usePageInRange(page, entries.data?.total, ENTRY_PAGE_SIZE, (seite) => replace({ seite }));
  const [assigning, setAssigning] = useState<BankEntry | null>(null);
  const [ignoring, setIgnoring] = useState<BankEntry | null>(null);
  const counts = entries.data?.counts;
  const phone = usePhone();

  const actions = (e: BankEntry) => {
    if (e.match_state === 'matched' || e.match_state === 'ignored' || e.kind !== 'credit') return null;
    const suggested = e.match_state === 'suggested';
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {suggested ? (
          <ConfirmSuggestion entry={e} />
        ) : (
          <Button size="xs" variant="light" onClick={() => setAssigning(e)}>
            Zuordnen
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Weitere Aktionen">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {suggested && <Menu.Item onClick={() => setAssigning(e)}>Andere Rechnung zuordnen</Menu.Item>}
            <Menu.Item onClick={() => setIgnoring(e)}>Nicht relevant</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  };

  const columns: Column<BankEntry>[] = [
    {
      key: 'date',
      label: 'Datum',
      render: (e) => (e.booking_date ? formatDate(e.booking_date) : '–'),
      hideOnCard: true,
    },
    { key: 'amount', label: 'Betrag', render: (e) => <Amount value={e.amount} />, align: 'right' },
    {
      key: 'party',
      label: 'Auftraggeber / Empfänger',
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm">{e.counterparty_name ?? '–'}</Text>
          {e.counterparty_iban && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.counterparty_iban}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'text',
      label: 'Verwendungszweck',
      render: (e) => (
        <Text size="sm" maw={260} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {[e.reference, e.remittance].filter(Boolean).join(' · ') || '–'}
        </Text>
      ),
    },
    {
      key: 'invoice',
      label: 'Rechnung',
      render: (e) =>
        e.invoice_id ? (
          <Stack gap={0}>
            <Anchor component={Link} to={`/admin/quickbill/invoices/${e.invoice_id}`} size="sm">
              {e.invoice_number}
            </Anchor>
            <Text size="xs" c="dimmed">
              {e.customer_name}
            </Text>
          </Stack>
        ) : (
          '–'
        ),
    },
    { key: 'state', label: 'Status', render: (e) => <EntryStateBadge entry={e} /> },
    { key: 'actions', label: 'Aktionen', render: actions, hideOnCard: true, align: 'right' },
  ];

  const tab = (value: State, label: string, count?: number) => ({
    value,
    label: count === undefined ? label : `${label} (${count})`,
  });
  const stateOptions = [
    tab('all', 'Alle'),
    tab('suggested', 'Vorschläge', counts?.suggested),
    tab('unassigned', 'Nicht zugeordnet', counts?.unassigned),
    tab('matched', 'Zugeordnet', counts?.matched),
    tab('ignored', 'Nicht relevant', counts?.ignored),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Zahlungseingänge"
        subtitle="Kontoauszüge importieren, Zahlungen den Rechnungen zuordnen"
        actions={
          <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Zurück
          </Button>
        }
      />
      <ImportCard />
      <ReturnsDigestNote />
      <Card>
        <Stack gap="sm">
          {phone ? (
            <Select
              label="Status"
              value={state}
              allowDeselect={false}
              onChange={(value) => set({ status: (value ?? 'all') as State })}
              data={stateOptions}
            />
          ) : (
            <SegmentedControl
              value={state}
              onChange={(value) => set({ status: value as State })}
              fullWidth
              data={stateOptions}
              aria-label="Status"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              aria-label="Suche"
              placeholder="Name, Verwendungszweck oder Rechnung suchen..."
              leftSection={<IconSearch size={16} />}
              value={search.text}
              onChange={(event) => search.setText(event.currentTarget.value)}
            />
            <Select
              aria-label="Art"
              value={kind}
              onChange={(value) => set({ art: (value ?? 'all') as Kind })}
              allowDeselect={false}
              data={[
                { value: 'all', label: 'Alle Arten' },
                { value: 'credit', label: 'Gutschriften' },
                { value: 'collection', label: 'Lastschrift-Einzüge' },
                { value: 'return', label: 'Rücklastschriften' },
                { value: 'debit', label: 'Abbuchungen' },
                { value: 'other', label: 'Sonstiges' },
              ]}
            />
          </SimpleGrid>
          {entries.isPending ? (
            <PageLoader text="Lade Zahlungseingänge..." />
          ) : entries.isError ? (
            <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void entries.refetch()} />
          ) : entries.data.items.length === 0 ? (
            <EmptyState
              text={
                state === 'all' && !query.search && kind === 'all'
                  ? 'Noch keine Kontoauszüge importiert.'
                  : 'Keine Buchungen für diesen Filter.'
              }
            />
          ) : (
            <>
              <ResponsiveList
                rows={entries.data.items}
                columns={columns}
                rowKey={(e) => e.id}
                cardTitle={(e) =>
                  `${e.booking_date ? formatDate(e.booking_date) : ''} · ${e.counterparty_name ?? 'Unbekannt'}`
                }
                cardActions={actions}
              />
              <Pager page={page} total={entries.data.total} pageSize={ENTRY_PAGE_SIZE} onChange={setPage} />
            </>
          )}
        </Stack>
      </Card>
      <FilesCard />
      <AssignDialog entry={assigning} onClose={() => setAssigning(null)} />
      <IgnoreDialog entry={ignoring} onClose={() => setIgnoring(null)} />
    </Stack>
  );
}

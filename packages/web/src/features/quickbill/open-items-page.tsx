import { AGEING_BUCKETS, AGEING_LABELS, type OpenItems } from '@butler/contract/payments';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconBell, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/permissions';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatEuro } from '../../lib/format';
import { urlParam } from '../../lib/url-filters';
import { usePhone } from '../../lib/use-phone';
import { usePageInRange, useUrlFilters } from '../../lib/use-url-filters';
import { useOpenItems } from './api/payments';
import { DueRemindersDialog } from './components/due-reminders-dialog';

const PAGE_SIZE = 20;
type CustomerItems = OpenItems['customers'][number];

// Darker than Mantine's yellow/orange shades: text on white and striped rows needs 4.5:1 (WCAG AA).
const BUCKET_COLOR: Record<(typeof AGEING_BUCKETS)[number], string | undefined> = {
  not_due: undefined,
  days_1_30: '#7a5200',
  days_31_60: '#a33f00',
  days_61_90: 'red.9',
  days_over_90: '#8f1010',
};

function Totals({ totals }: { totals: OpenItems['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed">
          Gesamt ({totals.invoices} Rechnungen)
        </Text>
        <Text fw={700} size="lg" data-testid="open-items-total">
          {formatEuro(totals.total)}
        </Text>
      </Paper>
      {AGEING_BUCKETS.map((b) => (
        <Paper key={b} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {AGEING_LABELS[b]}
          </Text>
          <Text fw={600} c={totals[b] > 0 ? BUCKET_COLOR[b] : undefined} data-testid={`open-items-${b}`}>
            {formatEuro(totals[b])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Ageing({ invoice }: { invoice: CustomerItems['invoices'][number] }) {
  if (invoice.bucket === 'not_due') return <Text size="sm">nicht fällig</Text>;
  return (
    <Text size="sm" c={BUCKET_COLOR[invoice.bucket]} fw={600}>
      {invoice.days_overdue} {invoice.days_overdue === 1 ? 'Tag' : 'Tage'} überfällig
    </Text>
  );
}

function Reminder({ level }: { level: number }) {
  if (level === 0) return null;
  return (
    <Badge size="sm" color="orange" variant="light">
      {REMINDER_LABELS[level - 1]}
    </Badge>
  );
}

function CustomerGroup({ group }: { group: CustomerItems }) {
  const phone = usePhone();
  return (
    <Card padding="md" data-testid="open-items-customer">
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap" align="flex-start">
        {group.customer_id ? (
          <Anchor component={Link} to={`/admin/customer/${group.customer_id}/details`} fw={600}>
            {group.customer_name}
          </Anchor>
        ) : (
          <Text fw={600}>{group.customer_name}</Text>
        )}
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(group.total)}
        </Text>
      </Group>
      <Group gap="md" mb="xs">
        {AGEING_BUCKETS.filter((b) => group[b] > 0).map((b) => (
          <Text key={b} size="xs" c="dimmed">
            {AGEING_LABELS[b]}: {formatEuro(group[b])}
          </Text>
        ))}
      </Group>
      {phone ? (
        <Stack gap="xs">
          {group.invoices.map((i) => (
            <Paper key={i.id} withBorder p="xs" radius="sm">
              <Group justify="space-between" gap="xs">
                <Anchor component={Link} to={`/admin/quickbill/invoices/${i.id}`} size="sm" fw={600}>
                  {i.invoice_number}
                </Anchor>
                <Text size="sm" fw={600}>
                  {formatEuro(i.open_amount)}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  fällig {formatDate(i.due_date)}
                </Text>
                <Ageing invoice={i} />
              </Group>
              <Reminder level={i.reminder_level} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rechnung</Table.Th>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Fällig am</Table.Th>
              <Table.Th>Alter</Table.Th>
              <Table.Th>Mahnstufe</Table.Th>
              <Table.Th ta="right">Betrag</Table.Th>
              <Table.Th ta="right">Offen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.invoices.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/quickbill/invoices/${i.id}`} size="sm">
                    {i.invoice_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(i.invoice_date)}</Table.Td>
                <Table.Td>{formatDate(i.due_date)}</Table.Td>
                <Table.Td>
                  <Ageing invoice={i} />
                </Table.Td>
                <Table.Td>{i.reminder_level === 0 ? '–' : <Reminder level={i.reminder_level} />}</Table.Td>
                <Table.Td ta="right">{formatEuro(i.total_gross)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatEuro(i.open_amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** In the address (decision 0660): `?suche=...&seite=...`. */
const FILTERS = { suche: urlParam.text(), seite: urlParam.page() };

/** /admin/quickbill/offene-posten: every open invoice by customer with ageing and totals (decision 0580). */
export function OpenItemsPage() {
  const { values, set, replace, search } = useUrlFilters(FILTERS);
  const { suche: debounced, seite: page } = values;
  const setPage = (seite: number) => set({ seite });
  const query = useOpenItems({ search: debounced || undefined, page, pageSize: PAGE_SIZE });
  usePageInRange(page, query.data?.total, PAGE_SIZE, (seite) => replace({ seite }));
  const canRemind = useCan()('invoices.remind');
  const [remindOpen, setRemindOpen] = useState(false);

  return (
    <Stack gap="md">
      <PageHeader
        title="Offene Posten"
        subtitle="Alle offenen Rechnungen nach Kunden, mit Alter seit Fälligkeit"
        actions={
          <Group gap="xs">
            <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Quickbill
            </Button>
            {canRemind && (
              <Button color="orange" leftSection={<IconBell size={18} />} onClick={() => setRemindOpen(true)}>
                Fällige Mahnungen senden
              </Button>
            )}
          </Group>
        }
      />
      {query.isPending ? (
        <PageLoader text="Lade offene Posten..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Totals totals={query.data.totals} />
          <TextInput
            aria-label="Kunde oder Rechnung suchen"
            placeholder="Kunde oder Rechnung suchen..."
            leftSection={<IconSearch size={16} />}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
            maw={360}
          />
          {query.data.customers.length === 0 ? (
            <EmptyState
              text={debounced ? `Keine offenen Posten gefunden für "${debounced}"` : 'Keine offenen Posten.'}
            />
          ) : (
            query.data.customers.map((g) => <CustomerGroup key={`${g.customer_id}-${g.customer_name}`} group={g} />)
          )}
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {canRemind && <DueRemindersDialog opened={remindOpen} onClose={() => setRemindOpen(false)} />}
    </Stack>
  );
}

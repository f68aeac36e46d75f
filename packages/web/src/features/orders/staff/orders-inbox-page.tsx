import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { ORDER_DUE_FILTERS, ORDER_STATE_LABELS, ORDER_STATES } from '@butler/contract/orders';
import { Button, Card, CloseButton, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { CustomerPicker } from '../../../components/customer-picker';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { urlParam } from '../../../lib/url-filters';
import { usePhone } from '../../../lib/use-phone';
import { usePageInRange, useUrlFilters } from '../../../lib/use-url-filters';
import { inboxQuery } from '../api/orders';
import { useAssigneeOptions } from '../api/staff-options';
import { orderColumns } from './order-columns';
import { StaffNewOrderDialog } from './staff-new-order-dialog';

const PAGE_SIZE = 25;
const STATE_CHOICES = ['all', 'open', 'approval', ...ORDER_STATES] as const;
type StateChoice = (typeof STATE_CHOICES)[number];
const DUE_CHOICES = ['all', ...ORDER_DUE_FILTERS] as const;
const DUE_LABELS: Record<(typeof DUE_CHOICES)[number], string> = {
  all: 'Alle',
  overdue: 'Überfällig',
  today: 'Heute',
  week: 'Diese Woche',
};
/** In the address (decision 0660): `?status=offen&betreuer=3&kunde=12&faellig=overdue&dringend=ja&suche=...&seite=2`. */
const FILTERS = {
  status: urlParam.choice<StateChoice>(STATE_CHOICES, 'open'),
  betreuer: urlParam.pattern(/^(\d{1,10}|none)$/),
  kunde: urlParam.id(),
  faellig: urlParam.choice(DUE_CHOICES, 'all'),
  dringend: urlParam.choice(['alle', 'ja'] as const, 'alle'),
  suche: urlParam.text(),
  seite: urlParam.page(),
};

const STATE_OPTIONS = [
  { value: 'open', label: 'Offen' },
  { value: 'approval', label: 'Freigabe ausstehend' },
  ...ORDER_STATES.map((s) => ({ value: s, label: ORDER_STATE_LABELS[s] })),
  { value: 'all', label: 'Alle' },
];

/**
 * /admin/auftraege: the staff's inbox of Aufträge (decision 0810), filtered and paged on the
 * server, kept fresh by the event stream of the navigation (useOrderEvents) without a reload.
 */
export function OrdersInboxPage() {
  const can = useCan();
  const phone = usePhone();
  const { values, set, replace, search, reset } = useUrlFilters(FILTERS);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const assignees = useAssigneeOptions();
  const term = values.suche.length >= MIN_SEARCH_LENGTH || /\d/.test(values.suche) ? values.suche : undefined;
  const list = useQuery(
    inboxQuery({
      page: values.seite,
      pageSize: PAGE_SIZE,
      state: values.status === 'all' ? undefined : values.status,
      assignee_id: values.betreuer === null ? undefined : values.betreuer === 'none' ? 'none' : Number(values.betreuer),
      customer_id: values.kunde ?? undefined,
      due: values.faellig === 'all' ? undefined : values.faellig,
      urgent: values.dringend === 'ja' ? true : undefined,
      q: term,
    }),
  );
  usePageInRange(values.seite, list.data?.total, PAGE_SIZE, (seite) => replace({ seite }));
  const filtered =
    values.status !== 'open' ||
    values.betreuer !== null ||
    values.kunde !== null ||
    values.faellig !== 'all' ||
    values.dringend !== 'alle' ||
    values.suche !== '';

  return (
    <>
      <PageHeader
        title="Aufträge"
        subtitle="Was Kunden über die Lounge, per Telefon, WhatsApp oder E-Mail beauftragt haben"
        actions={
          can('orders.write') && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Neuer Auftrag
            </Button>
          )
        }
      />
      <Card p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm" mb="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label="Status"
              data={STATE_OPTIONS}
              value={values.status}
              onChange={(v) => set({ status: (v ?? 'open') as StateChoice })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Betreuer"
              placeholder="Alle"
              data={[{ value: 'none', label: 'Niemand (nicht angenommen)' }, ...assignees]}
              value={values.betreuer}
              onChange={(v) => set({ betreuer: v })}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <CustomerPicker
              label="Kunde"
              required={false}
              placeholder="Alle Kunden"
              value={values.kunde}
              initialLabel={customerLabel}
              onChange={(id, label) => {
                setCustomerLabel(label);
                set({ kunde: id });
              }}
            />
            <Select
              label="Fällig"
              data={DUE_CHOICES.map((d) => ({ value: d, label: DUE_LABELS[d] }))}
              value={values.faellig}
              onChange={(v) => set({ faellig: (v ?? 'all') as (typeof DUE_CHOICES)[number] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <TextInput
              aria-label="Aufträge suchen"
              placeholder="Nummer (A-0042) oder Titel..."
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                search.text ? <CloseButton aria-label="Suche löschen" onClick={() => search.setText('')} /> : null
              }
              value={search.text}
              onChange={(e) => search.setText(e.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Group gap="md">
              <Switch
                label="Nur dringende"
                checked={values.dringend === 'ja'}
                onChange={(e) => set({ dringend: e.currentTarget.checked ? 'ja' : 'alle' })}
              />
              {filtered && (
                <Button variant="subtle" size="xs" onClick={reset}>
                  Filter zurücksetzen
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
        {list.isPending ? (
          <PageLoader text="Lade Aufträge..." />
        ) : list.isError ? (
          <ErrorState text="Fehler beim Laden der Aufträge" onRetry={() => list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState text={filtered ? 'Keine Aufträge gefunden.' : 'Keine offenen Aufträge.'} />
        ) : (
          <>
            <ResponsiveList
              rows={list.data.items}
              columns={orderColumns({ phone })}
              rowKey={(o) => o.id}
              caption="Aufträge"
              cardTitle={(o) => o.title}
              cardHref={(o) => `/admin/auftraege/${o.id}`}
            />
            <Pager
              page={values.seite}
              total={list.data.total}
              pageSize={PAGE_SIZE}
              onChange={(seite) => set({ seite })}
            />
          </>
        )}
      </Card>
      {can('orders.write') && <StaffNewOrderDialog opened={creating} onClose={() => setCreating(false)} />}
    </>
  );
}

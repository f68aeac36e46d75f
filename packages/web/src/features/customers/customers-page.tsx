import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { Button, Card, CloseButton, Tabs, TextInput } from '@mantine/core';
import { IconClockHour4, IconPackage, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { urlParam } from '../../lib/url-filters';
import { useUrlFilters } from '../../lib/use-url-filters';
import { CustomerFormDialog } from './components/customer-form-dialog';
import { CustomersList } from './components/customers-list';
import { HourPackagesPanel } from './components/panels/hour-packages-panel';
import { SubscriptionsPanel } from './components/panels/subscriptions-panel';

const TABS = ['kunden', 'stundenpakete', 'butlerpakete'] as const;
type Tab = (typeof TABS)[number];
/** In the address (decision 0660): `?tab=...&suche=...&seite=...`; the search is the three tabs' one. */
const FILTERS = { tab: urlParam.choice<Tab>(TABS, 'kunden'), suche: urlParam.text(), seite: urlParam.page() };

/** Kundenverwaltung (SPEC §2): one search box for the three tabs, filtering from 3 characters. */
export function CustomersPage() {
  const { values, set, replace, search } = useUrlFilters(FILTERS);
  const can = useCan();
  const allowed = (t: Tab) =>
    t === 'kunden' || can(t === 'stundenpakete' ? 'hour_packages.read' : 'subscriptions.read');
  const tab: Tab = allowed(values.tab) ? values.tab : 'kunden';
  const term = values.suche.length >= MIN_SEARCH_LENGTH ? values.suche : undefined;
  const paging = {
    page: values.seite,
    onPageChange: (seite: number) => set({ seite }),
    onPageOutOfRange: (seite: number) => replace({ seite }),
  };
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Kundenverwaltung"
        subtitle="Kunden, Stundenpakete und ButlerPakete verwalten"
        actions={
          <>
            {can('exports.read') && (
              <ExportMenu path="/api/exports/customers" query={{ search: term }} filename="kunden" />
            )}
            {can('customers.write') && (
              <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
                Neuer Kunde
              </Button>
            )}
          </>
        }
      />
      <TextInput
        mb="md"
        size="md"
        aria-label="Suche"
        placeholder="Suchen nach Name, E-Mail, Unternehmen oder Empfehlungscode..."
        description={
          search.text.trim().length > 0 && search.text.trim().length < MIN_SEARCH_LENGTH
            ? `Die Suche beginnt ab ${MIN_SEARCH_LENGTH} Zeichen.`
            : undefined
        }
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          search.text ? <CloseButton aria-label="Suche löschen" onClick={() => search.setText('')} /> : null
        }
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
      />
      <Tabs value={tab} onChange={(value) => set({ tab: (value ?? 'kunden') as Tab })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="kunden" leftSection={<IconUsers size={16} />}>
            Kunden
          </Tabs.Tab>
          {can('hour_packages.read') && (
            <Tabs.Tab value="stundenpakete" leftSection={<IconClockHour4 size={16} />}>
              Stundenpakete
            </Tabs.Tab>
          )}
          {can('subscriptions.read') && (
            <Tabs.Tab value="butlerpakete" leftSection={<IconPackage size={16} />}>
              ButlerPakete
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="kunden">
          <CustomersList search={term} paging={paging} />
        </Tabs.Panel>
        <Tabs.Panel value="stundenpakete">
          <Card p={{ base: 'sm', sm: 'lg' }}>
            <HourPackagesPanel search={term} paging={paging} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="butlerpakete">
          <Card p={{ base: 'sm', sm: 'lg' }}>
            <SubscriptionsPanel search={term} paging={paging} />
          </Card>
        </Tabs.Panel>
      </Tabs>
      <CustomerFormDialog opened={creating} customer={null} onClose={() => setCreating(false)} />
    </>
  );
}

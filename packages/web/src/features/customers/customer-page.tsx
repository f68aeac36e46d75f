import { Button, Card, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../app/permissions';
import { PageLoader } from '../../components/page-loader';
import { StatementsCard } from '../../components/statements-card';
import { EmptyState, ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { useCustomer } from '../../lib/back-office';
import { CustomerPaymentsCard } from '../bank-import';
import { MandatesCard } from '../direct-debit';
import { CustomerOpenQuestionsNote } from '../month-confirmations';
import { loadCustomerOrdersTab } from '../orders';
import { CustomerAccountCard } from '../quickbill';
import { CustomerPackageRequests } from '../subscription-requests';
import { CustomerVisitsCard } from '../visits';
import { loadCustomerWikiTab } from '../wiki';
import { CustomerFormDialog } from './components/customer-form-dialog';
import { CustomerHeader, OpenInvoicesFact } from './components/customer-header';
import { NotesCard } from './components/notes-card';
import { HourPackagesPanel } from './components/panels/hour-packages-panel';
import { ProjectsPanel } from './components/panels/projects-panel';
import { SubscriptionsPanel } from './components/panels/subscriptions-panel';
import { TimeEntriesPanel } from './components/panels/time-entries-panel';
import { PrivacyCard } from './components/privacy-card';
import { ReferralsCard } from './components/referrals-card';
import { CustomerInfoCard } from './components/view/customer-info-card';
import { CustomerMonthsSlot } from './components/view/customer-months-slot';
import { FamilyCard } from './components/view/family-card';
import { HoursOverviewCard } from './components/view/hours-overview-card';
import { RecentTimeEntries } from './components/view/recent-time-entries';
import { ViewHourPackages } from './components/view/view-hour-packages';
import { ViewProjects } from './components/view/view-projects';
import { ViewSubscriptions } from './components/view/view-subscriptions';
import classes from './customer-page.module.css';
import { type CustomerTabSlug, customerPath, tabOf, visibleTabs } from './customer-tabs';

/**
 * On a phone the tab row scrolls sideways; the chosen tab (also one opened by its address,
 * e.g. /rechnungen) is scrolled into the row's view, with a little of its neighbour showing.
 */
function useActiveTabInView(scroller: RefObject<HTMLDivElement | null>, value: string, ready: boolean) {
  useEffect(() => {
    const row = ready ? scroller.current : null;
    const active = row?.querySelector<HTMLElement>(`[role="tab"][data-tab="${CSS.escape(value)}"]`);
    if (!row || !active) return;
    const r = row.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    const margin = 24;
    if (a.left < r.left) row.scrollLeft -= r.left - a.left + margin;
    else if (a.right > r.right) row.scrollLeft += a.right - r.right + margin;
  }, [scroller, value, ready]);
}

// The Aufträge tab comes with its own script (decision 0810).
const CustomerOrdersTabLazy = lazy(async () => ({
  default: (await loadCustomerOrdersTab()).CustomerOrdersTab,
}));
function CustomerOrdersTab({ customerId }: { customerId: number }) {
  return (
    <Suspense fallback={<PageLoader text="Lade Aufträge..." />}>
      <CustomerOrdersTabLazy customerId={customerId} />
    </Suspense>
  );
}
// The wiki brings its editor: loaded when its tab opens.
const CustomerWikiTab = lazy(async () => ({
  default: (await loadCustomerWikiTab()).CustomerWikiTab,
}));

const Panel = ({ children }: { children: ReactNode }) => <Card p={{ base: 'sm', sm: 'lg' }}>{children}</Card>;

/**
 * One page per customer (decision 0644): the facts at the top and the tabs the
 * role may see, each in the address. Übersicht is SPEC's admin customer view, the other
 * tabs its customer detail panels; both are made of the same panels and rows. /admin/customer/{id}/details and
 * /admin/customers/{id}/view (SPEC §2) lead here; the lounge's admin view stays at
 * /admin/customers/{id}/customer-view.
 */
export function CustomerPage() {
  const navigate = useNavigate();
  const can = useCan();
  const params = useParams();
  const id = Number(params.id);
  const query = useCustomer(id);
  const [editing, setEditing] = useState(false);
  // ?verlaengern=<id>: the staff mail before a ButlerPaket ends opens its "Verlängern" (decision 0327).
  const [search, setSearch] = useSearchParams();
  const renewId = Number(search.get('verlaengern')) || undefined;
  const tabRow = useRef<HTMLDivElement>(null);
  useActiveTabInView(tabRow, params.tab || 'uebersicht', query.isSuccess);

  if (!Number.isInteger(id) || id <= 0) return <EmptyState text="Kunde nicht gefunden" />;
  if (query.isPending) return <PageLoader text="Lade Kundendaten..." />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState
        text="Kunde nicht gefunden"
        action={<Button onClick={() => navigate('/admin/customers')}>Zur Kundenverwaltung</Button>}
      />
    ) : (
      <ErrorState text="Kunde konnte nicht geladen werden" onRetry={() => void query.refetch()} />
    );
  const c = query.data;
  const tabs = visibleTabs(can);
  const tab = tabOf(params.tab, tabs);
  if (renewId && tab.slug !== 'butlerpakete' && tabs.some((t) => t.slug === 'butlerpakete'))
    return <Navigate to={`${customerPath(c.id, 'butlerpakete')}?verlaengern=${renewId}`} replace />;

  const content: Record<CustomerTabSlug, () => ReactNode> = {
    // SPEC's admin customer view: the cards, the 5 newest entries and the packages at a glance.
    '': () => (
      <Stack gap="lg">
        {can('time_entries.read') && (
          <CustomerOpenQuestionsNote customerId={c.id} href={customerPath(c.id, 'zeiterfassung')} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <CustomerInfoCard customer={c} />
          {can('customers.dashboard') && <HoursOverviewCard customerId={c.id} />}
          {can('referrals.read') && <ReferralsCard customer={c} />}
          {can('projects.read') && <ViewProjects customerId={c.id} />}
          {can('visits.read') && <CustomerVisitsCard customerId={c.id} />}
          {can('customers.dashboard') && <StatementsCard customerId={c.id} staff mayResend={can('statements.send')} />}
        </SimpleGrid>
        {can('time_entries.read') && <RecentTimeEntries customerId={c.id} />}
        {can('subscriptions.read') && <CustomerPackageRequests customerId={c.id} openOnly />}
        {can('subscriptions.read') && <ViewSubscriptions customerId={c.id} />}
        {can('hour_packages.read') && <ViewHourPackages customerId={c.id} />}
      </Stack>
    ),
    zeiterfassung: () => (
      <Stack gap="lg">
        {can('time_entries.read') && <CustomerMonthsSlot customerId={c.id} />}
        {can('time_entries.read') && (
          <Panel>
            <TimeEntriesPanel customerId={c.id} />
          </Panel>
        )}
        {can('projects.read') && (
          <Panel>
            <ProjectsPanel customerId={c.id} />
          </Panel>
        )}
      </Stack>
    ),
    stundenpakete: () => (
      <Panel>
        <HourPackagesPanel customerId={c.id} />
      </Panel>
    ),
    butlerpakete: () => (
      <Panel>
        <CustomerPackageRequests customerId={c.id} />
        <SubscriptionsPanel
          customerId={c.id}
          renewId={renewId}
          onRenewHandled={() => setSearch({}, { replace: true })}
        />
      </Panel>
    ),
    auftraege: () => <CustomerOrdersTab customerId={c.id} />,
    rechnungen: () => (
      <Stack gap="lg">
        {can('invoices.read') && <CustomerAccountCard customerId={c.id} />}
        {can('direct_debit.read') && <MandatesCard customerId={c.id} customerName={c.name} />}
        {can('invoices.read') && <CustomerPaymentsCard customerId={c.id} />}
      </Stack>
    ),
    wiki: () => (
      <Suspense fallback={<PageLoader text="Lade Wiki..." />}>
        <CustomerWikiTab customerId={c.id} customerName={c.name} />
      </Suspense>
    ),
    notizen: () => (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <NotesCard customerId={c.id} field="private_notes" title="Privates" value={c.private_notes} />
          <NotesCard customerId={c.id} field="company_info" title="Firmeninfos" value={c.company_info} />
          <NotesCard customerId={c.id} field="special_notes" title="Besonderheiten" value={c.special_notes} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <FamilyCard customer={c} />
          <NotesCard customerId={c.id} field="notes" title="Notizen" value={c.notes} />
        </SimpleGrid>
      </Stack>
    ),
    datenschutz: () => <PrivacyCard customerId={c.id} name={c.name} />,
  };

  return (
    <Stack gap="lg">
      <CustomerHeader
        customer={c}
        onEdit={() => setEditing(true)}
        invoices={can('invoices.read') ? <OpenInvoicesFact customerId={c.id} /> : undefined}
      />
      <Tabs
        value={tab.slug || 'uebersicht'}
        onChange={(value) => navigate(customerPath(c.id, value === 'uebersicht' ? '' : (value as CustomerTabSlug)))}
        keepMounted={false}
      >
        <div className={classes.tabScroller} ref={tabRow} data-testid="customer-tab-row">
          <Tabs.List className={classes.tabList} aria-label="Bereiche des Kunden">
            {tabs.map((t) => (
              <Tabs.Tab key={t.slug} value={t.slug || 'uebersicht'} data-tab={t.slug || 'uebersicht'}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </div>
        <Tabs.Panel value={tab.slug || 'uebersicht'} pt="lg">
          {content[tab.slug]()}
        </Tabs.Panel>
      </Tabs>
      <CustomerFormDialog opened={editing} customer={c} onClose={() => setEditing(false)} />
    </Stack>
  );
}

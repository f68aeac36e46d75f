import { CUSTOMER_SCOPED_ROLES } from '@butler/contract/permissions';
import { Button, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconClockHour4, IconPackage, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../app/permissions';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { formatNumber } from '../../lib/format';
import { HourOrdersWaitingAlert } from '../hour-shop';
import { OpenQuestionsCard } from '../month-confirmations';
import { OrdersTile } from '../orders';
import { OpenPackageRequestsCard } from '../subscription-requests';
import { useChecklistVisibility, useOnboarding } from './api/onboarding';
import { useDashboardStats, useOverviewCharts } from './api/queries';
import { DashboardTabs } from './components/dashboard-tabs';
import { ExpiringList } from './components/expiring-list';
import { FirstStepsCard } from './components/first-steps-card';
import { LowBalanceList } from './components/low-balance-list';
import { MonthOpenCard, YearOpenCard } from './components/open-hours-cards';
import { Figure, StatCard } from './components/stat-card';
import { WorkloadCard } from './components/workload-card';
import { YearlyBarCard } from './components/yearly-bar-card';
import { MyDayPage, useGreetingName } from './my-day/my-day-page';

// The charts and their library (recharts) load after the overview's first figures (decision 0651).
const OverviewCharts = lazy(async () => ({ default: (await import('./components/overview-charts')).OverviewCharts }));

/** The charts' answer and code arrive side by side; either missing shows a placeholder of their size. */
function ChartsSection() {
  const charts = useOverviewCharts();
  const placeholder = <Skeleton h={360} radius="lg" />;
  if (charts.isError)
    return <ErrorState text="Die Diagramme konnten nicht geladen werden" onRetry={() => charts.refetch()} />;
  if (!charts.data) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OverviewCharts charts={charts.data} />
    </Suspense>
  );
}

/**
 * The staff's start page: a Butler's own day (decision 0743), everyone else the company
 * overview.
 */
export function AdminDashboardPage() {
  const { user } = useSession();
  const scoped = Boolean(user && 'role' in user && CUSTOMER_SCOPED_ROLES.includes(user.role));
  return scoped ? <MyDayPage overview /> : <CompanyOverview />;
}

/** Admin overview (SPEC §2): counts, yearly bar, open hours, workload, sold packages, expiring list. */
function CompanyOverview() {
  // The display name, never the username (decision 0622).
  const name = useGreetingName();
  const can = useCan();
  // SPEC §4: the switch starts on (butler plus hour packages).
  const [withPackages, setWithPackages] = useState(true);
  const { data: stats, isPending, isError, refetch } = useDashboardStats();
  const onboarding = useOnboarding().data;
  const showChecklist = useChecklistVisibility();
  const checklist = onboarding?.checklist ?? null;
  const checklistOpen = checklist !== null && !checklist.hidden;
  const checklistComplete = checklist?.steps.every((s) => s.done) ?? true;

  const header = (
    <Stack gap="md">
      <Title order={1} size="h2" c="navy.9">
        {/* Until the second sign-in there is nothing to come back to (decision 0630). */}
        {onboarding?.first_visit ? 'Willkommen' : 'Willkommen zurück'}, {name}
      </Title>
      {checklistOpen && <FirstStepsCard checklist={checklist} />}
      <Group justify="space-between" gap="sm">
        <DashboardTabs active="overview" />
        {checklist?.hidden && !checklistComplete && (
          <Button variant="subtle" size="compact-sm" onClick={() => showChecklist.mutate(false)}>
            Erste Schritte einblenden
          </Button>
        )}
        <Switch
          checked={withPackages}
          onChange={(event) => setWithPackages(event.currentTarget.checked)}
          label="Stundenpaket-Stunden einrechnen"
          color="orange"
        />
      </Group>
    </Stack>
  );
  if (isPending)
    return (
      <Stack>
        {header}
        <PageLoader text="Lade Dashboard..." />
      </Stack>
    );
  if (isError)
    return (
      <Stack>
        {header}
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => refetch()} />
      </Stack>
    );

  const openMonth = withPackages ? stats.open_hours_current_month : stats.open_hours_current_month_butler_only;
  const totalMonth = withPackages ? stats.total_hours_current_month : stats.total_hours_current_month_butler_only;
  const openYear = withPackages ? stats.open_hours_current_year : stats.open_hours_current_year_butler_only;
  const totalYear = withPackages ? stats.total_hours_current_year : stats.total_hours_current_year_butler_only;

  return (
    <Stack gap="lg">
      {header}
      {can('hour_packages.read') && <HourOrdersWaitingAlert />}
      {can('orders.read') && <OrdersTile />}
      {can('subscriptions.read') && <OpenPackageRequestsCard />}
      {can('time_entries.book') && <OpenQuestionsCard />}
      <SimpleGrid cols={2} spacing={{ base: 'sm', sm: 'lg' }}>
        <StatCard icon={<IconUsers size={20} aria-hidden />} label="Kunden" compact>
          <Figure testId="count-customers">{stats.total_customers}</Figure>
        </StatCard>
        <StatCard icon={<IconClockHour4 size={20} aria-hidden />} color="blue" label="Aktive ButlerPakete" compact>
          <Figure testId="count-subscriptions">{stats.total_active_subscriptions}</Figure>
        </StatCard>
      </SimpleGrid>
      <YearlyBarCard stats={stats} targetsSet={onboarding?.targets_set ?? true} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <MonthOpenCard open={openMonth} total={totalMonth} />
        <WorkloadCard open={openMonth} today={stats.as_of} settings={stats.dashboard_settings} />
        <YearOpenCard open={openYear} total={totalYear} today={stats.as_of} />
        <StatCard icon={<IconPackage size={20} aria-hidden />} color="orange" label="Verkaufte Stundenpakete im Jahr">
          <Figure testId="sold-package-hours">{formatNumber(stats.sold_package_hours_yearly)} h</Figure>
          <Text size="sm" c="dimmed">
            in Stundenpaketen seit 1. Jänner verkauft
          </Text>
        </StatCard>
      </SimpleGrid>
      <ChartsSection />
      <LowBalanceList />
      <ExpiringList />
    </Stack>
  );
}

import type { AdminUser } from '@butler/contract/auth';
import { Stack, Title } from '@mantine/core';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';
import { OpenQuestionsCard } from '../../month-confirmations';
import { OrdersTile } from '../../orders';
import { DashboardTabs } from '../components/dashboard-tabs';
import { MyCustomersCard } from './my-customers-card';
import { MyHoursCard } from './my-hours-card';

/** The greeting of every dashboard: the display name, never the username (decision 0622). */
export function useGreetingName(): string {
  const { user } = useSession();
  return (user as AdminUser | null)?.name ?? user?.name ?? '';
}

/**
 * A Butler's dashboard (decision 0743): their own hours and their customers with the one hours
 * figure; no company sales targets. Also the "Meine Stunden" tab of everyone else who books.
 */
export function MyDayPage({ overview = false }: { overview?: boolean }) {
  const name = useGreetingName();
  const can = useCan();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="navy.9">
        {overview ? `Willkommen zurück, ${name}` : 'Meine Stunden'}
      </Title>
      <DashboardTabs active={overview ? 'overview' : 'mine'} />
      {overview && can('orders.read') && <OrdersTile />}
      {overview && can('time_entries.book') && <OpenQuestionsCard />}
      <MyHoursCard />
      <MyCustomersCard hideWhenEmpty={!overview} />
    </Stack>
  );
}

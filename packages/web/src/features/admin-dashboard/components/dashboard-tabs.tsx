import { CUSTOMER_SCOPED_ROLES } from '@butler/contract/permissions';
import { Tabs } from '@mantine/core';
import { IconCalendarMonth, IconClockHour4, IconLayoutDashboard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../app/permissions';
import { useSession } from '../../../app/session-context';

const PATHS = {
  overview: '/admin/dashboard',
  monthly: '/admin/dashboard/monthly',
  mine: '/admin/dashboard/meine-stunden',
};

/**
 * 'Übersicht', 'Monate' and, for who books time, 'Meine Stunden' (decision 0743; a Butler's
 * Übersicht is their own day already).
 */
export function DashboardTabs({ active }: { active: 'overview' | 'monthly' | 'mine' }) {
  const navigate = useNavigate();
  const can = useCan();
  const { user } = useSession();
  const scoped = Boolean(user && 'role' in user && CUSTOMER_SCOPED_ROLES.includes(user.role));
  return (
    <Tabs value={active} onChange={(value) => navigate(PATHS[value as keyof typeof PATHS])} variant="pills" radius="xl">
      <Tabs.List>
        <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
          Übersicht
        </Tabs.Tab>
        <Tabs.Tab value="monthly" leftSection={<IconCalendarMonth size={16} aria-hidden />}>
          Monate
        </Tabs.Tab>
        {can('time_entries.book') && !scoped && (
          <Tabs.Tab value="mine" leftSection={<IconClockHour4 size={16} aria-hidden />}>
            Meine Stunden
          </Tabs.Tab>
        )}
      </Tabs.List>
    </Tabs>
  );
}

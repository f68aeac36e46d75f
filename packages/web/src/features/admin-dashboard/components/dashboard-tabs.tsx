import { Tabs } from '@mantine/core';
import { IconCalendarMonth, IconLayoutDashboard } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** 'Übersicht' and 'Monate' switch between the two admin dashboard routes. */
export function DashboardTabs({ active }: { active: 'overview' | 'monthly' }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => navigate(value === 'monthly' ? '/admin/dashboard/monthly' : '/admin/dashboard')}
      variant="pills"
      radius="xl"
    >
      <Tabs.List>
        <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
          Übersicht
        </Tabs.Tab>
        <Tabs.Tab value="monthly" leftSection={<IconCalendarMonth size={16} aria-hidden />}>
          Monate
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

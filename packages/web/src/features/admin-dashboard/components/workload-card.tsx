import type { DashboardSettings } from '@butler/contract/admin-dashboard';
import { remainingWeekdaysInMonth, workload } from '@butler/contract/workload';
import { Badge, Group, Progress, Text } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { formatNumber } from '../../../lib/format';
import { BAND_COLOR } from './bands';
import { Figure, StatCard } from './stat-card';

const BAND_WORD = { green: 'Entspannt', yellow: 'Ausgelastet', red: 'Überlastet' } as const;

/** Workload for the rest of the month: needed hours per weekday against the daily target (SPEC §9). */
export function WorkloadCard({ open, today, settings }: { open: number; today: string; settings: DashboardSettings }) {
  const load = workload(open, today, settings);
  const days = remainingWeekdaysInMonth(today);
  return (
    <StatCard
      icon={<IconGauge size={20} aria-hidden />}
      color={BAND_COLOR[load.band]}
      label="Auslastung bis Monatsende"
    >
      <Group justify="space-between" align="flex-end" gap="xs">
        <Figure testId="workload-percent">{Math.round(load.percent)}&nbsp;%</Figure>
        <Badge color={BAND_COLOR[load.band]} variant="light" size="lg">
          {BAND_WORD[load.band]}
        </Badge>
      </Group>
      <Progress
        value={load.barWidth}
        color={BAND_COLOR[load.band]}
        size="xl"
        radius="xl"
        aria-label="Auslastung im Verhältnis zum Tagesziel"
      />
      <Text size="sm" c="dimmed">
        {formatNumber(load.neededPerDay)} h pro Tag nötig · Ziel {formatNumber(load.targetPerDay)} h pro Tag
      </Text>
      <Text size="xs" c="dimmed">
        {days === 1 ? 'Noch 1 Arbeitstag (Mo–Fr)' : `Noch ${days} Arbeitstage (Mo–Fr)`} in diesem Monat
      </Text>
    </StatCard>
  );
}

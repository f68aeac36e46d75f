import type { DashboardStats } from '@butler/contract/admin-dashboard';
import { averageMonthlyHours, hoursBand } from '@butler/contract/workload';
import { Anchor, Badge, Group, Progress, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { BAND_COLOR } from './bands';
import { StatCard } from './stat-card';

const BAND_WORD = { red: 'Unter Ziel', yellow: 'Annähernd', green: 'Auf Kurs' } as const;

/** Yearly subscription-hour bar: average monthly sold hours against the monthly target (SPEC §9). */
export function YearlyBarCard({ stats, targetsSet }: { stats: DashboardStats; targetsSet: boolean }) {
  const settings = stats.dashboard_settings;
  const average = averageMonthlyHours(stats.sold_abo_hours_yearly);
  const percent = settings.monthly_target_hours > 0 ? (average / settings.monthly_target_hours) * 100 : 0;
  const band = hoursBand(percent, settings.color_threshold_red_max, settings.color_threshold_yellow_max);
  return (
    <StatCard icon={<IconChartBar size={20} aria-hidden />} label="BUTLER-Stunden im Jahr" testId="yearly-bar">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text fz={26} fw={700} c="navy.9" lh={1.1}>
          Ø {average} h{' '}
          <Text span size="md" fw={500} c="dimmed">
            pro Monat von {formatNumber(settings.monthly_target_hours)} h Ziel
          </Text>
        </Text>
        {/* No verdict against a target nobody has set yet (decision 0630): a link to set it instead. */}
        {targetsSet ? (
          <Badge color={BAND_COLOR[band]} variant="light" size="lg" style={{ whiteSpace: 'nowrap' }}>
            {BAND_WORD[band]} · {Math.round(percent)}&nbsp;%
          </Badge>
        ) : (
          <Anchor component={Link} to="/admin/settings" size="sm" data-testid="set-targets">
            Ziele festlegen
          </Anchor>
        )}
      </Group>
      <Progress
        value={Math.min(100, percent)}
        color={targetsSet ? BAND_COLOR[band] : 'gray'}
        size="xl"
        radius="xl"
        aria-label="Durchschnittliche Monatsstunden im Verhältnis zum Monatsziel"
      />
      <Text size="sm" c="dimmed" data-testid="sold-abo-hours">
        {formatNumber(stats.sold_abo_hours_yearly)} h in ButlerPaketen für dieses Jahr verkauft
      </Text>
    </StatCard>
  );
}

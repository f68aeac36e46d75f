import { monthsRemainingInYear, usedPercent, yearlyOpenAverage } from '@butler/contract/workload';
import { Group, RingProgress, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCalendarStats } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';
import { Figure, StatCard } from './stat-card';

/** Ring of the open share of a total, with the figure and lines beside it. */
function OpenRing({
  open,
  total,
  children,
  testId,
}: {
  open: number;
  total: number;
  children: ReactNode;
  testId: string;
}) {
  const share = Math.max(0, Math.min(100, usedPercent(open, total)));
  return (
    <Group wrap="nowrap" gap="lg">
      <RingProgress
        size={104}
        thickness={11}
        roundCaps
        rootColor="var(--mantine-color-gray-1)"
        sections={[{ value: share, color: 'blue' }]}
        label={
          <Text ta="center" size="sm" fw={700} c="blue.8">
            {Math.round(share)}&nbsp;%
          </Text>
        }
      />
      <Stack gap={2} miw={0}>
        <Figure testId={testId}>{formatNumber(open)} h</Figure>
        {children}
      </Stack>
    </Group>
  );
}

export function MonthOpenCard({ open, total }: { open: number; total: number }) {
  return (
    <StatCard icon={<IconCalendarEvent size={20} aria-hidden />} color="blue" label="Offene Stunden im Monat">
      <OpenRing open={open} total={total} testId="open-hours-month">
        <Text size="sm" c="dimmed">
          offen von {formatNumber(total)} h
        </Text>
      </OpenRing>
    </StatCard>
  );
}

export function YearOpenCard({ open, total, today }: { open: number; total: number; today: string }) {
  const months = monthsRemainingInYear(today);
  return (
    <StatCard icon={<IconCalendarStats size={20} aria-hidden />} color="blue" label="Offene Stunden im Jahr">
      <OpenRing open={open} total={total} testId="open-hours-year">
        <Text size="sm" c="dimmed">
          offen von {formatNumber(total)} h
        </Text>
        <Text size="sm" fw={600} c="navy.8" data-testid="open-hours-year-average">
          Ø {formatNumber(yearlyOpenAverage(open, today))} h pro Monat
        </Text>
        <Text size="xs" c="dimmed">
          {months === 1 ? 'im letzten Monat des Jahres' : `über die restlichen ${months} Monate`}
        </Text>
      </OpenRing>
    </StatCard>
  );
}

import type { UsableHours } from '@butler/contract/usable-hours';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNumber, MONTH_NAMES } from '../lib/format';

const MINUS = '\u2212';
const hours = (value: number) => `${formatNumber(Math.abs(value))} h`;

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={strong ? 'sm' : 'xs'} fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        size={strong ? 'sm' : 'xs'}
        fw={strong ? 700 : undefined}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * Under the ButlerPaket ring: how the one hours figure (decision 0742) comes about, as a sum
 * that never shows a "rest" larger than what can be used (monthly hours, minus this month's
 * use, plus the carry-over or minus the overuse of the earlier months), the Stundenpakete
 * added to it, and what "Jetzt verfügbar" means (`explanation`: in the lounge's voice there,
 * without a form of address on staff screens).
 */
export function UsableHoursBreakdown({ usable, explanation }: { usable: UsableHours; explanation: string }) {
  const b = usable.butler;
  if (!b) return null;
  const usedUp = Math.round(b.usable * 100) < 0;
  const carried = Math.round(b.carried * 100);
  return (
    <Paper withBorder radius="md" px="md" py="xs" mt="sm" mb="sm" data-testid="usable-now">
      <Stack gap={2}>
        <Line
          label={`Monatsstunden ${MONTH_NAMES[Number(b.period_start.slice(5, 7)) - 1]}`}
          value={hours(b.monthly_hours)}
        />
        <Line
          label="In diesem Monat genutzt"
          value={`${b.used < 0 ? '+' : MINUS}${hours(b.used)}`}
          testId="usable-hours-used"
        />
        {carried !== 0 && (
          <Line
            label={carried > 0 ? 'Übertrag aus den Vormonaten' : 'Mehrverbrauch der Vormonate'}
            value={`${carried > 0 ? '+' : MINUS}${hours(b.carried)}`}
            testId="usable-hours-carried"
          />
        )}
        <Divider my={2} />
        <Line
          label={usedUp ? 'Mehrverbrauch' : 'Jetzt verfügbar'}
          value={`${usedUp ? MINUS : ''}${hours(b.usable)}`}
          strong
          testId="usable-hours-butler"
        />
        {usable.packages && (
          <>
            <Line
              label="Stundenpakete"
              value={
                usable.packages.remaining < 0
                  ? `Minus ${hours(usable.packages.remaining)}`
                  : hours(usable.packages.remaining)
              }
            />
            <Line label="Zusammen jetzt verfügbar" value={hours(usable.total)} strong testId="usable-hours-total" />
          </>
        )}
        <Text size="xs" c="dimmed" mt={4} data-testid="usable-hours-explained">
          {explanation}
        </Text>
      </Stack>
    </Paper>
  );
}

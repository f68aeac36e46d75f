import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatNumber } from '../lib/format';

const MINUS = '\u2212';
const hours = (value: number) => `${value < 0 ? MINUS : ''}${formatNumber(Math.abs(value))} h`;

/**
 * Beside the ButlerPaket ring (which shows this month, SPEC §2): what is usable now, this
 * month's rest plus the carry-over of earlier months, with the breakdown (decision 0623).
 * The same figure drives the low-balance banner and mail, the forecast and the
 * Monatsübersicht. Written without a form of address, so it reads right in both settings.
 */
export function UsableHours({ monthRemaining, usable }: { monthRemaining: number; usable: number }) {
  const carried = Math.round((usable - monthRemaining) * 100) / 100;
  return (
    <Paper withBorder radius="md" px="md" py="xs" mt="sm" mb="sm" data-testid="usable-now">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          Jetzt verfügbar
        </Text>
        <Text
          fw={700}
          c={usable < 0 ? 'red.8' : 'blue.8'}
          data-testid="usable-hours-total"
          style={{ whiteSpace: 'nowrap' }}
        >
          {hours(usable)}
        </Text>
      </Group>
      <Stack gap={0} mt={2}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="xs" c="dimmed">
            Rest dieses Monats
          </Text>
          <Text size="xs" data-testid="usable-hours-month" style={{ whiteSpace: 'nowrap' }}>
            {hours(monthRemaining)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="xs" c="dimmed">
            {carried < 0 ? 'Mehrverbrauch der Vormonate' : 'Übertrag aus den Vormonaten'}
          </Text>
          <Text size="xs" data-testid="usable-hours-carried" style={{ whiteSpace: 'nowrap' }}>
            {carried > 0 ? '+' : ''}
            {hours(carried)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

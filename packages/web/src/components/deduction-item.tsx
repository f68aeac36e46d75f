import { Group, Stack, Text } from '@mantine/core';
import { formatDate } from '../lib/format';
import { deductedHours } from '../lib/hours';

/** One booked deduction: activity, work date, the Auftrag it served (and who booked it), hours shown negative. */
export function DeductionItem({
  activity,
  workDate,
  hours,
  project,
  bookedBy,
  order,
}: {
  activity: string;
  workDate: string;
  hours: number;
  project?: string;
  bookedBy?: string;
  /** The Auftrag the time was booked on (decision 0810). */
  order?: { number: string; title: string } | null;
}) {
  const meta = [
    formatDate(workDate),
    project,
    order ? `Auftrag ${order.number} ${order.title}` : null,
    bookedBy ? `gebucht von ${bookedBy}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py={10} align="flex-start" data-testid="deduction-item">
      <Stack gap={2} miw={0}>
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {activity}
        </Text>
        <Text size="xs" c="dimmed">
          {meta}
        </Text>
      </Stack>
      <Text fw={600} size="sm" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
        {deductedHours(hours)}
      </Text>
    </Group>
  );
}

import type { MonthEntry } from '@butler/contract/month-confirmations';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { billingTypeName, formatDate, formatHours } from '../../../lib/format';
import { QuestionStateBadge } from '../components/month-badges';

/** The month's entries as cards (phone first), each with its Rückfrage or the button to ask. */
export function LoungeMonthEntries({
  entries,
  mayAsk,
  onAsk,
}: {
  entries: MonthEntry[];
  mayAsk: boolean;
  onAsk: (entry: MonthEntry) => void;
}) {
  return (
    <Stack gap="xs" data-testid="month-entries">
      {entries.map((e) => (
        <Paper key={e.id} withBorder p="sm" radius="md" data-testid="month-entry">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>
                {formatDate(e.work_date)} · {formatHours(e.hours)}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.activity_description}
              </Text>
              <Text size="xs" c="dimmed">
                {e.project_name} · {billingTypeName(e.billing_type)}
              </Text>
            </Stack>
            {e.question_state ? (
              <QuestionStateBadge state={e.question_state} />
            ) : (
              mayAsk && (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconMessageQuestion size={14} aria-hidden />}
                  onClick={() => onAsk(e)}
                  aria-label={`Rückfrage zum Eintrag vom ${formatDate(e.work_date)}`}
                >
                  Rückfrage
                </Button>
              )
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

import type { TimeEntry } from '@butler/contract/time-entries';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { formatDate, formatHours } from '../../../lib/format';
import { monthDetailQuery } from '../api/month-confirmations';
import { QuestionStateBadge } from '../components/month-badges';
import { QuestionThread } from '../components/question-thread';

/** One month on the customer page: its Rückfragen with their threads, then every entry. */
export function CustomerMonthDetail({
  customerId,
  month,
  onCorrect,
}: {
  customerId: number;
  month: string;
  /** Opens the time-entry dialog ("Eintrag korrigieren"); absent for who may not change entries. */
  onCorrect?: (entry: TimeEntry) => void;
}) {
  const query = useQuery(monthDetailQuery(customerId, month));
  if (query.isPending) return <PageLoader text="Lade Monat..." />;
  if (query.isError) return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />;
  const { questions, entries, staff_entries } = query.data;
  const editable = (id: number | null) => staff_entries.find((e) => e.id === id);
  return (
    <Stack gap="md" data-testid="customer-month-detail">
      {questions.map((q) => {
        const entry = editable(q.time_entry_id);
        return (
          <Stack key={q.id} gap="xs">
            <QuestionThread
              question={q}
              side="staff"
              replyPlaceholder="Antwort an den Kunden"
              sentText="Antwort gesendet"
            />
            {entry && onCorrect && q.state !== 'resolved' && (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => onCorrect(entry)}
                >
                  Eintrag korrigieren
                </Button>
              </Group>
            )}
            <Divider />
          </Stack>
        );
      })}
      <Stack gap={4}>
        {entries.map((e) => (
          <Group key={e.id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {formatDate(e.work_date)} · {e.project_name} · {e.activity_description} · {formatHours(e.hours)}
            </Text>
            {e.question_state && <QuestionStateBadge state={e.question_state} />}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

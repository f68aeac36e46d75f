import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatHours } from '../../../lib/format';
import { useOpenQuestions } from '../api/month-confirmations';

/**
 * "Offene Rückfragen" (decision 0852): customers' questions on entries of an ended month that
 * wait for an answer or a correction, oldest first, each leading to the customer's Zeiterfassung.
 * Stands only when there is one.
 */
export function OpenQuestionsCard() {
  const query = useOpenQuestions();
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="open-questions-title" data-testid="open-questions">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconMessageQuestion size={22} color="var(--mantine-color-yellow-8)" aria-hidden />
        <Title order={2} size="h4" id="open-questions-title">
          Offene Rückfragen ({query.data.length})
        </Title>
      </Group>
      <Stack gap={0}>
        {query.data.map((q) => {
          const last = q.messages.at(-1);
          return (
            <Anchor
              key={q.id}
              component={Link}
              to={`/admin/customers/${q.customer_id}/zeiterfassung`}
              underline="never"
              c="inherit"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="open-question"
            >
              <Text fw={600}>
                {q.customer_name} · {q.month_display}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDate(q.asked_about.work_date)} · {q.asked_about.activity_description} ·{' '}
                {formatHours(q.asked_about.hours)}
              </Text>
              {last && (
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  „{last.body}“
                </Text>
              )}
            </Anchor>
          );
        })}
      </Stack>
    </Card>
  );
}

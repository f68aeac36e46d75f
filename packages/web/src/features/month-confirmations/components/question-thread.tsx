import { QUESTION_MAX_CHARS } from '@butler/contract/month-confirmation-texts';
import type { MonthQuestion } from '@butler/contract/month-confirmations';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useReplyToQuestion } from '../api/month-confirmations';
import { QuestionStateBadge } from './month-badges';
import { questionErrors } from './question-rules';

/**
 * One Rückfrage: the entry as it stood when asked, the thread (the customer on the right,
 * staff on the left, system lines centred) and a reply box while it is not resolved.
 */
export function QuestionThread({
  question,
  side,
  replyPlaceholder,
  sentText,
}: {
  question: MonthQuestion;
  side: 'customer' | 'staff';
  replyPlaceholder: string;
  sentText: string;
}) {
  const reply = useReplyToQuestion();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const asked = question.asked_about;
  const send = async () => {
    const problem = questionErrors({ message: text }).message;
    if (problem) return setError(problem);
    setError(null);
    try {
      await reply.mutateAsync({ id: question.id, body: { message: text.trim() } });
      setText('');
      notifySuccess(sentText);
    } catch (cause) {
      setError(errorText(cause, 'Die Nachricht konnte nicht gesendet werden.'));
    }
  };
  return (
    <Stack gap="sm" data-testid="month-question">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {/* The entry as it stood when asked: a correction since shows in the thread and the list. */}
          Gefragt zu: {formatDate(asked.work_date)} · {asked.project_name} · {asked.activity_description} ·{' '}
          {formatHours(asked.hours)}
        </Text>
        <QuestionStateBadge state={question.state} />
      </Group>
      {question.messages.map((m) =>
        m.author_kind === 'system' ? (
          <Text key={m.id} size="xs" c="dimmed" ta="center">
            {m.body} · {formatDateTime(m.created_at)}
          </Text>
        ) : (
          <Group
            key={m.id}
            justify={(m.author_kind === 'customer') === (side === 'customer') ? 'flex-end' : 'flex-start'}
          >
            <Paper p="sm" radius="md" maw="85%" bg={m.author_kind === 'customer' ? 'navy.0' : 'gray.0'}>
              <Text size="xs" c="dimmed">
                {m.author_name} · {formatDateTime(m.created_at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
            </Paper>
          </Group>
        ),
      )}
      {question.state !== 'resolved' && (
        <Stack gap="xs">
          <Textarea
            aria-label={replyPlaceholder}
            placeholder={replyPlaceholder}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={QUESTION_MAX_CHARS}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button size="sm" variant="light" onClick={send} loading={reply.isPending}>
              {side === 'staff' ? 'Antworten' : 'Senden'}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

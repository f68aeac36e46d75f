import type { MonthEntry } from '@butler/contract/month-confirmations';
import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatHours } from '../../../lib/format';
import { monthDetailQuery } from '../api/month-confirmations';
import { AskQuestionDialog } from '../components/ask-question-dialog';
import { MonthStateBadge } from '../components/month-badges';
import { useMonthTexts } from '../components/month-texts';
import { mayConfirmMonth } from '../components/question-rules';
import { QuestionThread } from '../components/question-thread';
import { ConfirmMonthDialog } from './confirm-month-dialog';
import { LoungeMonthEntries } from './lounge-month-entries';

/** /customer/monatsfreigabe/{month}: the month's entries, "Rückfrage" on one, "Monat bestätigen" (decision 0852). */
export function LoungeMonthPage() {
  const t = useMonthTexts();
  const { user } = useSession();
  const customerId = user?.id ?? 0;
  const month = useParams().month ?? '';
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && customerId > 0;
  const query = useQuery({ ...monthDetailQuery(customerId, month), enabled: valid });
  const [asking, setAsking] = useState<MonthEntry | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!valid) return <ErrorState text="Monat nicht gefunden" />;
  if (query.isPending) return <PageLoader text="Lade Einträge..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ErrorState
        text={missing ? query.error.message : 'Fehler beim Laden der Daten'}
        onRetry={() => query.refetch()}
      />
    );
  }
  const { summary, entries, questions, mode } = query.data;
  const open = summary.state === 'to_confirm';
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Zurück zur Lounge
        </Anchor>
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            Monatsfreigabe
          </Text>
          <Title order={1} size="h2">
            {summary.month_display}
          </Title>
          <Group gap="xs">
            <MonthStateBadge state={summary.state} />
            <Text size="sm" c="dimmed">
              {summary.entries_count} {summary.entries_count === 1 ? 'Eintrag' : 'Einträge'} ·{' '}
              {formatHours(summary.hours_total)}
            </Text>
          </Group>
        </Stack>
        {open ? (
          <Card>
            <Stack gap="sm">
              <Text>{t.intro(summary.month_display)}</Text>
              {summary.auto_confirm_on && (
                <Text size="sm" c="dimmed" data-testid="auto-confirm-on">
                  {t.autoConfirmOn(formatDate(summary.auto_confirm_on))}
                </Text>
              )}
              {mode === 'required' && (
                <Text size="sm" c="dimmed">
                  {t.requiredNote}
                </Text>
              )}
              {summary.open_questions > 0 && <Alert color="yellow">{t.confirmBlocked}</Alert>}
              <Group>
                <Button
                  leftSection={<IconCircleCheck size={18} aria-hidden />}
                  disabled={!mayConfirmMonth(summary)}
                  onClick={() => setConfirming(true)}
                >
                  Monat bestätigen
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : (
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="month-confirmed">
            {summary.state === 'confirmed' ? 'Bestätigt' : 'Automatisch bestätigt'} am{' '}
            {formatDateTime(summary.confirmed_at)}
          </Alert>
        )}
        <LoungeMonthEntries entries={entries} mayAsk={open} onAsk={setAsking} />
        {questions.length > 0 && (
          <Card component="section" aria-labelledby="month-questions-title">
            <Title order={2} size="h4" id="month-questions-title" mb="sm">
              Rückfragen
            </Title>
            <Stack gap="lg">
              {questions.map((q) => (
                <QuestionThread
                  key={q.id}
                  question={q}
                  side="customer"
                  replyPlaceholder={t.replyPlaceholder}
                  sentText={t.replySent}
                />
              ))}
            </Stack>
          </Card>
        )}
      </Stack>
      {asking && (
        <AskQuestionDialog customerId={customerId} month={month} entry={asking} onClose={() => setAsking(null)} />
      )}
      {confirming && (
        <ConfirmMonthDialog
          customerId={customerId}
          month={month}
          monthDisplay={summary.month_display}
          onClose={() => setConfirming(false)}
        />
      )}
    </Container>
  );
}

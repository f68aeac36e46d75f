import type { MonthSummary } from '@butler/contract/month-confirmations';
import type { TimeEntry } from '@butler/contract/time-entries';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { formatDate, formatDateTime, formatHours } from '../../../lib/format';
import { customerMonthsQuery } from '../api/month-confirmations';
import { MonthStateBadge } from '../components/month-badges';
import { CustomerMonthDetail } from './customer-month-detail';

/** Who confirmed and when, or what the month waits for, in the office's words. */
function monthLine(m: MonthSummary) {
  if (m.confirmed_at)
    return `${m.state === 'auto_confirmed' ? 'Automatisch bestätigt' : `Bestätigt von ${m.confirmed_by}`} am ${formatDateTime(m.confirmed_at)}`;
  if (m.open_questions > 0) return `${m.open_questions === 1 ? '1 Rückfrage' : `${m.open_questions} Rückfragen`} offen`;
  return m.auto_confirm_on ? `Wird am ${formatDate(m.auto_confirm_on)} automatisch bestätigt` : '';
}

/**
 * "Monatsfreigabe" on the customer page (decision 0852): each ended month with who confirmed
 * it and when, or its open Rückfragen; a month opens to its threads, answered here, and the
 * entries, corrected with the time-entry dialog the page passes in.
 */
export function CustomerMonthsCard({
  customerId,
  onCorrect,
}: {
  customerId: number;
  onCorrect?: (entry: TimeEntry) => void;
}) {
  const query = useQuery(customerMonthsQuery(customerId));
  const [opened, setOpened] = useState<string | null>(null);
  if (query.data?.mode === 'off') return null;
  return (
    <Card component="section" aria-labelledby="customer-months-title" data-testid="customer-months">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconCalendarCheck size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="customer-months-title">
          Monatsfreigabe
        </Title>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Monatsfreigabe..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.months.length === 0 ? (
        <Text c="dimmed" size="sm">
          Noch kein beendeter Monat mit Einträgen.
        </Text>
      ) : (
        <Stack gap={0}>
          {query.data.months.map((m) => (
            <Stack key={m.month} gap="xs" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <Group justify="space-between" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{m.month_display}</Text>
                    <MonthStateBadge state={m.state} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {m.entries_count} {m.entries_count === 1 ? 'Eintrag' : 'Einträge'} · {formatHours(m.hours_total)}
                    {monthLine(m) ? ` · ${monthLine(m)}` : ''}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-expanded={opened === m.month}
                  onClick={() => setOpened(opened === m.month ? null : m.month)}
                >
                  {opened === m.month ? 'Schließen' : 'Ansehen'}
                </Button>
              </Group>
              {opened === m.month && (
                <CustomerMonthDetail customerId={customerId} month={m.month} onCorrect={onCorrect} />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

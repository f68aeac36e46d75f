import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { customerMonthsQuery } from '../api/month-confirmations';
import { useMonthTexts } from '../components/month-texts';

/**
 * "Monatsfreigabe" on the lounge's start page (decision 0852): each ended month still to
 * confirm, with the day it confirms itself. Stands only when there is such a month.
 */
export function LoungeMonthCard({ customerId }: { customerId: number }) {
  const t = useMonthTexts();
  const query = useQuery(customerMonthsQuery(customerId));
  const open = query.data?.months.filter((m) => m.state === 'to_confirm') ?? [];
  if (!query.data || query.data.mode === 'off' || open.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="lounge-month-title" data-testid="lounge-month-card">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <IconCalendarCheck size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="lounge-month-title">
          Monatsfreigabe
        </Title>
      </Group>
      <Stack gap="md">
        {open.map((m) => (
          <Stack key={m.month} gap={6} data-testid="lounge-month">
            <Text fw={600}>{m.month_display}</Text>
            <Text size="sm">{t.intro(m.month_display)}</Text>
            <Text size="sm" c="dimmed">
              {m.open_questions > 0
                ? t.waitingForAnswer
                : m.auto_confirm_on
                  ? t.autoConfirmOn(formatDate(m.auto_confirm_on))
                  : ''}
            </Text>
            {query.data.mode === 'required' && (
              <Text size="sm" c="dimmed">
                {t.requiredNote}
              </Text>
            )}
            <Group>
              <Button component={Link} to={`/customer/monatsfreigabe/${m.month}`} size="sm">
                Einträge ansehen
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

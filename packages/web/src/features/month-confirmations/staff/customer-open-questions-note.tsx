import { Alert, Anchor } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { customerMonthsQuery } from '../api/month-confirmations';

/**
 * On the customer page's overview: the months with an open Rückfrage (decision 0852), so a
 * Betreuer who opens the customer directly, not through the dashboard, sees the question.
 * Nothing while none is open. `href`: the tab with the Monatsfreigabe.
 */
export function CustomerOpenQuestionsNote({ customerId, href }: { customerId: number; href: string }) {
  const months = useQuery(customerMonthsQuery(customerId));
  const open = (months.data?.months ?? []).filter((m) => m.open_questions > 0);
  if (open.length === 0) return null;
  const count = open.reduce((sum, m) => sum + m.open_questions, 0);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMessageQuestion size={18} aria-hidden />}
      title={count === 1 ? 'Offene Rückfrage' : `${count} offene Rückfragen`}
      data-testid="customer-open-questions"
    >
      Der Kunde fragt nach Einträgen von {open.map((m) => m.month_display).join(', ')}.{' '}
      <Anchor component={Link} to={href} size="sm">
        Zur Monatsfreigabe
      </Anchor>
    </Alert>
  );
}

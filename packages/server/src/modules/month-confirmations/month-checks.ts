import type { MonthConfirmationSettingsView } from '@butler/contract/month-confirmations';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { monthConfirmations, monthQuestions } from '../../db/schema/index.js';
import { monthDisplay } from '../../domain/calendar.js';
import { monthEnded, monthStart } from '../../domain/month-confirmation.js';
import { AppError } from '../../lib/errors.js';

/** The month is one the customer may confirm or ask about now: switched on, ended, not before the first month. */
export function assertMonthReady(settings: MonthConfirmationSettingsView, month: string, today: string) {
  if (settings.mode === 'off') throw new AppError('CONFLICT', 'Die Monatsfreigabe ist nicht eingeschaltet');
  if (!monthEnded(month, today)) {
    throw new AppError('CONFLICT', `Der ${monthDisplay(month)} ist noch nicht zu Ende`);
  }
  if (month < settings.starts_month) {
    throw new AppError(
      'CONFLICT',
      `Die Monatsfreigabe gilt erst ab ${monthDisplay(settings.starts_month)}; der ${monthDisplay(month)} ist nicht dabei`,
    );
  }
}

/** The month's confirmation, if any. */
export async function findConfirmation(executor: Executor, customerId: number, month: string) {
  const [row] = await executor
    .select()
    .from(monthConfirmations)
    .where(and(eq(monthConfirmations.customerId, customerId), eq(monthConfirmations.month, monthStart(month))));
  return row ?? null;
}

/** How many of the month's Rückfragen wait for staff. */
export async function openQuestionCount(executor: Executor, customerId: number, month: string) {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(monthQuestions)
    .where(
      and(
        eq(monthQuestions.customerId, customerId),
        eq(monthQuestions.month, monthStart(month)),
        eq(monthQuestions.state, 'open'),
      ),
    );
  return row.count;
}

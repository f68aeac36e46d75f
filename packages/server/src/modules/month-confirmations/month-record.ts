import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { monthConfirmations, monthQuestionMessages, monthQuestions, timeEntries } from '../../db/schema/index.js';
import { addMonths } from '../../domain/calendar.js';
import { monthStart } from '../../domain/month-confirmation.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { now } from '../../lib/clock.js';

/**
 * Records a month as confirmed, in the caller's transaction (the customer is locked by it):
 * once per customer and month (the unique key; null when it already was), with the entries
 * it covered; answered and corrected Rückfragen of the month are resolved with it. Audited.
 */
export async function recordConfirmation(
  tx: Transaction,
  actor: AuditActor,
  customerId: number,
  month: string,
  by: 'customer' | 'auto',
) {
  const start = monthStart(month);
  const [totals] = await tx
    .select({ count: sql<number>`count(*)::int`, hours: sql<string>`coalesce(sum(${timeEntries.hours}), 0)` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        gte(timeEntries.workDate, start),
        lt(timeEntries.workDate, addMonths(start, 1)),
      ),
    );
  if (totals.count === 0) return { row: null, empty: true };
  const [row] = await tx
    .insert(monthConfirmations)
    .values({ customerId, month: start, confirmedBy: by, entriesCount: totals.count, hoursTotal: totals.hours })
    .onConflictDoNothing()
    .returning();
  if (!row) return { row: null, empty: false };
  const settled = await tx
    .update(monthQuestions)
    .set({ state: 'resolved', resolvedAt: now() })
    .where(
      and(
        eq(monthQuestions.customerId, customerId),
        eq(monthQuestions.month, start),
        inArray(monthQuestions.state, ['answered', 'corrected']),
      ),
    )
    .returning({ id: monthQuestions.id });
  if (settled.length) {
    await tx.insert(monthQuestionMessages).values(
      settled.map((q) => ({
        questionId: q.id,
        authorKind: 'system',
        body: by === 'auto' ? 'Erledigt: Monat automatisch bestätigt' : 'Erledigt: Monat bestätigt',
      })),
    );
  }
  await writeAudit(
    tx,
    actor,
    by === 'auto' ? 'month_auto_confirm' : 'month_confirm',
    'month_confirmation',
    row.id,
    null,
    { month, entriesCount: row.entriesCount, hoursTotal: row.hoursTotal, confirmedBy: by },
    { customerId },
  );
  return { row, empty: false };
}

import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { customers, monthConfirmations, timeEntries } from '../../db/schema/index.js';
import { monthDisplay } from '../../domain/calendar.js';
import { monthStart } from '../../domain/month-confirmation.js';
import { AppError } from '../../lib/errors.js';
import { loadMonthSettings } from './month-settings.service.js';

/**
 * With the Monatsfreigabe "Pflicht", an invoice that bills time entries is issued only when
 * every month those entries lie in (from the setting's first month on) is confirmed; the
 * refusal names the months and the customer (decision 0852). Off or optional: nothing blocks.
 */
export async function assertMonthsConfirmed(tx: Transaction, invoiceId: number, customerId: number | null) {
  if (customerId === null) return;
  const settings = await loadMonthSettings(tx);
  if (settings.mode !== 'required') return;
  const month = sql<string>`to_char(date_trunc('month', ${timeEntries.workDate}), 'YYYY-MM')`;
  const missing = await tx
    .selectDistinct({ month })
    .from(timeEntries)
    .leftJoin(
      monthConfirmations,
      and(
        eq(monthConfirmations.customerId, timeEntries.customerId),
        eq(monthConfirmations.month, sql`date_trunc('month', ${timeEntries.workDate})::date`),
      ),
    )
    .where(
      and(
        eq(timeEntries.invoiceId, invoiceId),
        gte(timeEntries.workDate, monthStart(settings.starts_month)),
        isNull(monthConfirmations.id),
      ),
    )
    .orderBy(month);
  if (missing.length === 0) return;
  const [customer] = await tx
    .select({ name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}` })
    .from(customers)
    .where(eq(customers.id, customerId));
  const months = missing.map((m) => monthDisplay(m.month)).join(', ');
  throw new AppError(
    'CONFLICT',
    `Die Monatsfreigabe fehlt: ${customer?.name ?? 'Der Kunde'} hat ${missing.length === 1 ? 'den Monat' : 'die Monate'} ${months} noch nicht bestätigt. Die Rechnung kann erst danach ausgestellt werden.`,
    { monatsfreigabe: months },
  );
}

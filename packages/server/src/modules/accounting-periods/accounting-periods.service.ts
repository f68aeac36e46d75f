import type { ClosedMonth } from '@butler/contract/accounting-periods';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { closedMonths } from '../../db/schema/index.js';
import { monthDisplay } from '../../domain/calendar.js';
import type { SessionContext } from '../../lib/access.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError, fieldError } from '../../lib/errors.js';

type ClosedMonthRow = typeof closedMonths.$inferSelect;

/** The audit entity of a month's closing and reopening (Protokoll: "Abgeschlossener Monat"). */
export const CLOSED_MONTH_ENTITY = 'closed_month';

function present(row: ClosedMonthRow): ClosedMonth {
  return {
    month: row.month,
    label: monthDisplay(row.month),
    state: row.reopenedAt === null ? 'closed' : 'reopened',
    closed_at: row.closedAt.toISOString(),
    closed_by: row.closedBy,
    export_id: row.exportId,
    reopened_at: row.reopenedAt?.toISOString() ?? null,
    reopened_by: row.reopenedBy,
    reopen_reason: row.reopenReason,
    needs_correction_export: row.needsCorrectionExport,
  };
}

/** The months once more, sorted and without repeats; refuses malformed and not yet ended months. */
function checkedMonths(months: string[]): string[] {
  const unique = [...new Set(months)].sort();
  const current = todayVienna().slice(0, 7);
  for (const month of unique) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      throw fieldError('months', 'Bitte geben Sie den Monat als JJJJ-MM an');
    }
    // Closing a month that is still running would refuse today's bookings (decision 0821).
    if (month >= current) {
      throw fieldError(
        'months',
        `Der ${monthDisplay(month)} ist noch nicht zu Ende und kann noch nicht abgeschlossen werden`,
      );
    }
  }
  return unique;
}

/**
 * Takes the months' closing locks (decision 0821): waits until every booking of these months
 * that is in flight has committed, and holds off new ones until `tx` ends. An export that
 * reads a period's rows and then closes it calls this first, so what it reads is what the
 * closed month holds. Needs READ COMMITTED: a later snapshot of the same transaction must
 * see what committed while it waited.
 */
export async function lockMonthsForClosing(tx: Transaction, months: string[]) {
  const { rows } = await tx.execute<{ level: string }>(sql`SELECT current_setting('transaction_isolation') AS level`);
  if (rows[0]?.level !== 'read committed') {
    throw new Error(`closing months needs READ COMMITTED, not ${rows[0]?.level}`);
  }
  for (const month of [...new Set(months)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(821, closed_month_lock_key(${month}))`);
  }
}

/**
 * Closes `months` inside the caller's transaction (the adviser's export passes its id, or
 * null when staff close without one) and writes each closing's audit row. A month already
 * closed stays as it is; a reopened one is closed again: its `reopened_*` are cleared (the
 * audit trail keeps the reopening) and, when an export closes it, that export is its
 * correction, so `needs_correction_export` is cleared too. Returns the months it closed.
 */
export async function closeMonths(
  tx: Transaction,
  months: string[],
  actor: AuditActor,
  exportId: number | null,
): Promise<string[]> {
  const wanted = checkedMonths(months);
  if (wanted.length === 0) return [];
  await lockMonthsForClosing(tx, wanted);
  const existing = await tx.select().from(closedMonths).where(inArray(closedMonths.month, wanted)).for('update');
  const byMonth = new Map(existing.map((row) => [row.month, row]));
  const closed: string[] = [];
  for (const month of wanted) {
    const before = byMonth.get(month);
    if (before && before.reopenedAt === null) continue;
    const [after] = before
      ? await tx
          .update(closedMonths)
          .set({
            closedAt: sql`now()`,
            closedBy: actor.displayName,
            exportId,
            reopenedAt: null,
            reopenedBy: null,
            reopenReason: null,
            needsCorrectionExport: exportId === null ? before.needsCorrectionExport : false,
          })
          .where(eq(closedMonths.month, month))
          .returning()
      : await tx.insert(closedMonths).values({ month, closedBy: actor.displayName, exportId }).returning();
    await writeAudit(tx, actor, 'close', CLOSED_MONTH_ENTITY, month, before ?? null, after, { customerId: null });
    closed.push(month);
  }
  return closed;
}

/** Every month that was ever closed, newest first, as it stands (closed or reopened). */
export async function listClosedMonths(db: Database | Transaction) {
  const rows = await db.select().from(closedMonths).orderBy(desc(closedMonths.month));
  return { months: rows.map(present) };
}

/** Buchhaltung or Inhaber close months without an export (POST /api/accounting/closed-months). */
export async function closeMonthsWithoutExport(db: Database, session: SessionContext, months: string[]) {
  return db.transaction(async (tx) => {
    const closed = await closeMonths(tx, months, session, null);
    return { closed, ...(await listClosedMonths(tx)) };
  });
}

/**
 * The Inhaber reopens a closed month with a reason (decision 0821): bookings dated in it are
 * possible again, and the next export of it is marked as a correction.
 */
export async function reopenMonth(db: Database, session: SessionContext, month: string, reason: string) {
  const text = reason.trim();
  if (text.length < 10) throw fieldError('reason', 'Bitte begründen Sie das Wiederöffnen (mindestens 10 Zeichen)');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(closedMonths).where(eq(closedMonths.month, month)).for('update');
    if (!before || before.reopenedAt !== null) {
      throw new AppError('CONFLICT', `Der ${monthDisplay(month)} ist nicht abgeschlossen`);
    }
    const [after] = await tx
      .update(closedMonths)
      .set({
        reopenedAt: sql`now()`,
        reopenedBy: session.displayName,
        reopenReason: text,
        needsCorrectionExport: true,
      })
      .where(eq(closedMonths.month, month))
      .returning();
    await writeAudit(tx, session, 'reopen', CLOSED_MONTH_ENTITY, month, before, after, { customerId: null });
    return present(after);
  });
}

import { formatDate, formatHours } from '@butler/contract/format';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addMonths, monthDisplay } from '../../domain/calendar.js';
import { autoConfirmDate } from '../../domain/month-confirmation.js';
import type { Env } from '../../env.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import { openQuestionCount } from './month-checks.js';
import { recordConfirmation } from './month-record.js';
import { loadMonthSettings } from './month-settings.service.js';

const SYSTEM = { userType: 'system' as const, displayName: 'System' };

type Candidate = { customer_id: number; month: string; open: number; last_on: string | null };

/**
 * The ended months of every customer not yet confirmed (from the setting's first month on),
 * with their open Rückfragen and the day of their last message: one grouped pass over the
 * entries of those months.
 */
async function unconfirmedMonths(db: Database, from: string, to: string) {
  const result = await db.execute<Candidate>(sql`
    WITH m AS (
      SELECT customer_id, date_trunc('month', work_date)::date AS month
      FROM time_entries
      WHERE work_date >= ${from}::date AND work_date < ${to}::date
      GROUP BY 1, 2
    )
    SELECT m.customer_id, to_char(m.month, 'YYYY-MM') AS month,
      coalesce(q.open, 0)::int AS open, to_char(q.last_on, 'YYYY-MM-DD') AS last_on
    FROM m
    LEFT JOIN month_confirmations c ON c.customer_id = m.customer_id AND c.month = m.month
    LEFT JOIN LATERAL (
      SELECT count(DISTINCT mq.id) FILTER (WHERE mq.state = 'open') AS open,
        max((msg.created_at AT TIME ZONE 'Europe/Vienna')::date) AS last_on
      FROM month_questions mq
      LEFT JOIN month_question_messages msg ON msg.question_id = mq.id
      WHERE mq.customer_id = m.customer_id AND mq.month = m.month
    ) q ON true
    WHERE c.id IS NULL
    ORDER BY m.customer_id, m.month`);
  return result.rows.map((r) => ({ ...r, customer_id: Number(r.customer_id), open: Number(r.open) }));
}

/**
 * The daily run for `slot` (a Vienna date; decision 0852): months whose quiet days are over
 * and that have no open Rückfrage are confirmed automatically (once: the unique key, also when
 * two processes run it); the month that just ended is announced to each customer who gets the
 * Monatsübersicht by mail (once: the outbox's dedupe key). Computed from the slot, never the clock.
 */
export async function runMonthConfirmations(db: Database, env: Env, slot: string) {
  const settings = await loadMonthSettings(db);
  if (settings.mode === 'off') return { confirmed: 0, announced: 0 };
  const current = `${slot.slice(0, 7)}-01`;
  const from = `${settings.starts_month}-01`;
  if (from >= current) return { confirmed: 0, announced: 0 };
  let confirmed = 0;
  const candidates = await unconfirmedMonths(db, from, current);
  for (const c of candidates) {
    if (c.open > 0) continue;
    if (autoConfirmDate(c.month, settings.auto_confirm_days, settings.enabled_on, c.last_on) > slot) continue;
    const done = await db.transaction(async (tx) => {
      if (!(await lockCustomer(tx, c.customer_id))) return false;
      // A Rückfrage asked since the pass above keeps the month open.
      if ((await openQuestionCount(tx, c.customer_id, c.month)) > 0) return false;
      return (await recordConfirmation(tx, SYSTEM, c.customer_id, c.month, 'auto')).row !== null;
    });
    if (done) confirmed += 1;
  }
  const justEnded = addMonths(current, -1).slice(0, 7);
  const announced = justEnded >= settings.starts_month ? await announceMonth(db, env, justEnded, settings) : 0;
  return { confirmed, announced };
}

/** "Bitte bestätige deine Stunden": once per customer and month, to those who take the Monatsübersicht by mail. */
async function announceMonth(
  db: Database,
  env: Env,
  month: string,
  settings: Awaited<ReturnType<typeof loadMonthSettings>>,
) {
  const start = `${month}-01`;
  const end = addMonths(start, 1);
  const result = await db.execute<{ id: number; email: string; n: number; hours: string }>(sql`
    SELECT c.id, c.email, count(*)::int AS n, sum(t.hours)::text AS hours
    FROM customers c
    JOIN time_entries t ON t.customer_id = c.id AND t.work_date >= ${start}::date AND t.work_date < ${end}::date
    WHERE c.is_active AND c.statement_mails AND c.email IS NOT NULL AND c.email <> ''
      AND NOT EXISTS (SELECT 1 FROM month_confirmations mc WHERE mc.customer_id = c.id AND mc.month = ${start}::date)
      AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.dedupe_key = 'month-ready:' || c.id || ':' || ${month})
    GROUP BY c.id, c.email
    ORDER BY c.id`);
  let queued = 0;
  const autoOn = formatDate(autoConfirmDate(month, settings.auto_confirm_days, settings.enabled_on, null));
  for (const row of result.rows) {
    const customerId = Number(row.id);
    const done = await db.transaction(async (tx) => {
      const to = await customerAddressee(tx, customerId);
      if (!to) return null;
      return queueMail(tx, {
        to: row.email,
        template: 'month-confirmation',
        data: {
          to,
          kind: 'ready',
          month: monthDisplay(month),
          entries: Number(row.n) === 1 ? '1 Eintrag' : `${row.n} Einträge`,
          hours: formatHours(row.hours),
          autoOn,
          url: `${env.PUBLIC_URL}/customer/monatsfreigabe/${month}`,
          accountUrl: `${env.PUBLIC_URL}/customer/account`,
        },
        customerId,
        entity: { type: 'customer', id: customerId },
        dedupeKey: `month-ready:${customerId}:${month}`,
      });
    });
    if (done) queued += 1;
  }
  return queued;
}

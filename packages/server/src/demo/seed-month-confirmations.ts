import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins } from '../db/schema/index.js';
import { addMonths, monthDisplay } from '../domain/calendar.js';
import { lockCustomer } from '../modules/customers/customers.repo.js';
import { recordConfirmation } from '../modules/month-confirmations/month-record.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

/**
 * The Monatsfreigabe in the demo (decision 0852), "Freiwillig" from two months back (not
 * "Pflicht": the role walks on a demo portal bill hours of the running month): the
 * month before last counts as confirmed automatically (the quiet days passed before the demo
 * began; time cannot pass through the API, so it is recorded as the daily run would), and of
 * last month one customer asked about an entry (open), one got an answer from the Butler, one
 * confirmed it; the others see it waiting, with the day it confirms itself.
 */
export async function seedDemoMonthConfirmations(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const current = `${today.slice(0, 7)}-01`;
  const last = addMonths(current, -1).slice(0, 7);
  const before = addMonths(current, -2).slice(0, 7);
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const [butler] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'butler'));
  const staff = await demoCaller(app, db, { userType: 'admin', id: owner.id });
  try {
    await staff('PUT', '/api/settings/month-confirmations', {
      mode: 'optional',
      auto_confirm_days: 14,
      starts_month: before,
    });
    const system = { userType: 'system' as const, displayName: 'System' };
    const earlier = await customersWithEntries(db, before, butler?.id ?? null);
    for (const c of earlier) {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, c.id);
        await recordConfirmation(tx, system, c.id, before, 'auto');
      });
    }
    // The Butler's customers first: his dashboard lists the open Rückfrage.
    const lastMonth = await customersWithEntries(db, last, butler?.id ?? null);
    const [asking, answered, confirming] = lastMonth;
    const answerer = butler ? await demoCaller(app, db, { userType: 'admin', id: butler.id }) : staff;
    const ask = async (customerId: number, entryId: number, message: string) => {
      const customer = await demoCaller(app, db, { userType: 'customer', id: customerId });
      return customer<{ id: number }>('POST', `/api/customers/${customerId}/months/${last}/questions`, {
        time_entry_id: entryId,
        message,
      });
    };
    if (asking) await ask(asking.id, asking.entryId, 'Das war doch kürzer, oder? Bitte schau noch einmal nach.');
    if (answered) {
      const q = await ask(answered.id, answered.entryId, 'Was genau war an diesem Tag?');
      await answerer('POST', `/api/month-questions/${q.id}/messages`, {
        message: 'Da haben wir die Unterlagen für die Steuer sortiert und abgelegt.',
      });
    }
    if (confirming) {
      const customer = await demoCaller(app, db, { userType: 'customer', id: confirming.id });
      await customer('POST', `/api/customers/${confirming.id}/months/${last}/confirm`);
    }
    return `Monatsfreigabe (freiwillig): ${monthDisplay(before)} automatisch bestätigt (${earlier.length} Kunden); ${monthDisplay(last)}: eine offene Rückfrage, eine beantwortete, ein Monat bestätigt`;
  } finally {
    await endDemoSessions(db);
  }
}

/** Active customers with entries in `month` (the Butler's first), each with their first entry of it. */
async function customersWithEntries(db: Database, month: string, butlerId: number | null) {
  const start = `${month}-01`;
  const result = await db.execute<{ id: number; entry_id: number }>(sql`
    SELECT c.id, min(t.id) AS entry_id
    FROM customers c
    JOIN time_entries t ON t.customer_id = c.id
      AND t.work_date >= ${start}::date AND t.work_date < (${start}::date + interval '1 month')
    WHERE c.is_active
    GROUP BY c.id
    ORDER BY bool_or(EXISTS (SELECT 1 FROM customer_staff s WHERE s.customer_id = c.id AND s.admin_id = ${butlerId ?? 0})) DESC, c.id`);
  return result.rows.map((r) => ({ id: Number(r.id), entryId: Number(r.entry_id) }));
}

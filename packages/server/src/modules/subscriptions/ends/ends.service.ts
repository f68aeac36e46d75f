import { formatDate } from '@butler/contract/format';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import { addDays } from '../../../domain/calendar.js';
import type { Env } from '../../../env.js';
import { defineScheduledJob } from '../../../lib/jobs.js';
import { queueMail } from '../../mail/mail-queue.js';
import { staffRecipients } from '../../mail/staff-recipients.js';

/** Days before the end at which staff are told (the later mark wins when both are due). */
export const ENDING_MARKS = [30, 7] as const;
const NOTE_DAYS = 30;

/**
 * Active ButlerPakete ending between `from` and `to` (inclusive) without a following
 * one: no other ButlerPaket of the customer starts after this one's end.
 */
export async function endingWithoutSuccessor(db: Executor, from: string, to: string, customerId?: number) {
  const result = await db.execute(sql`
    SELECT s.id, s.customer_id, s.end_date, coalesce(s.template_name, 'Individuell') AS package_name,
           c.first_name || ' ' || c.last_name AS customer_name
    FROM subscriptions s JOIN customers c ON c.id = s.customer_id
    WHERE s.is_active AND c.is_active AND s.end_date BETWEEN ${from}::date AND ${to}::date
      ${customerId === undefined ? sql`` : sql`AND s.customer_id = ${customerId}`}
      AND NOT EXISTS (SELECT 1 FROM subscriptions n
        WHERE n.customer_id = s.customer_id AND n.id <> s.id AND n.start_date > s.end_date)
    ORDER BY s.end_date, s.id`);
  return result.rows as Array<{
    id: number;
    customer_id: number;
    end_date: string;
    package_name: string;
    customer_name: string;
  }>;
}

/** The lounge's friendly note: the current ButlerPaket ends within 30 days and nothing follows. */
export async function endingNote(db: Database, customerId: number, today: string) {
  const [row] = await endingWithoutSuccessor(db, today, addDays(today, NOTE_DAYS), customerId);
  if (!row) return null;
  const daysLeft = Math.round((Date.parse(row.end_date) - Date.parse(today)) / 86_400_000);
  return { end_date: row.end_date, days_left: daysLeft };
}

/**
 * For the day `slot`: each ButlerPaket ending within 30 days without a following one
 * gets its staff mail at the 30-day mark (more than 7 days left) and at the 7-day mark;
 * the dedupe key makes each mark one mail per staff member, however often this runs.
 */
export async function mailEndingSubscriptions(db: Database, env: Env, slot: string): Promise<number> {
  const recipients = await staffRecipients(db, 'subscriptions.read');
  let queued = 0;
  for (const s of await endingWithoutSuccessor(db, slot, addDays(slot, ENDING_MARKS[0]))) {
    const daysLeft = Math.round((Date.parse(s.end_date) - Date.parse(slot)) / 86_400_000);
    const mark = daysLeft <= ENDING_MARKS[1] ? ENDING_MARKS[1] : ENDING_MARKS[0];
    for (const r of recipients) {
      const row = await queueMail(db, {
        to: r.email,
        template: 'subscription-ending',
        data: {
          name: r.name,
          customer: s.customer_name,
          packageName: s.package_name,
          endDate: formatDate(s.end_date),
          daysLeft,
          customerUrl: `${env.PUBLIC_URL}/admin/customers/${s.customer_id}/view`,
          renewUrl: `${env.PUBLIC_URL}/admin/customer/${s.customer_id}/details?verlaengern=${s.id}`,
        },
        entity: { type: 'subscription', id: s.id },
        mentions: [s.customer_id],
        dedupeKey: `subscription-ending:${s.id}:${mark}:${r.email.toLowerCase()}`,
      });
      if (row) queued += 1;
    }
  }
  return queued;
}

/** Daily at 07:30 Vienna (slot = the date). */
export const subscriptionEndsJob = defineScheduledJob({
  name: 'subscriptions.ending',
  slot: 'date',
  maxAttempts: 10,
  async run(slot, ctx) {
    const queued = await mailEndingSubscriptions(ctx.db, ctx.env, slot);
    if (queued) ctx.log(`subscriptions ending ${slot}: ${queued} mail(s) queued`);
  },
});

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { defineJob } from '../../../lib/jobs.js';
import { findInvoice } from '../invoices/invoice.repo.js';
import { isOverdue } from '../shared.js';
import { mailOverdueDigest } from './overdue-digest.js';
import { sendReminderLevel } from './reminder.service.js';
import { loadBillingSettings } from './reminder-letter.js';

const SYSTEM = { userType: 'system' as const, displayName: 'Mahnlauf' };

/**
 * Invoices whose next reminder level is due on `today` (decision 0582): issued, not fully
 * paid, with a recipient, no Mahnsperre (invoice or customer) covering today, and the level's
 * days passed since the due date (level 1) or the previous letter (levels 2, 3). An invoice
 * paid by SEPA-Lastschrift is not reminded before its announced collection date nor while
 * a run collects it (decision 0602): the money is on its way.
 */
export async function dueReminders(db: Database, today: string) {
  const result = await db.execute(sql`
    SELECT i.id, i.reminder_level + 1 AS level
    FROM invoices i
    JOIN reminder_levels l ON l.level = i.reminder_level + 1
    LEFT JOIN LATERAL (
      SELECT coalesce(max(r.letter_date), (max(r.sent_at) AT TIME ZONE 'Europe/Vienna')::date) AS day
      FROM invoice_reminders r WHERE r.invoice_id = i.id
    ) last ON true
    WHERE i.status = 'sent' AND i.kind = 'invoice' AND i.due_date < ${today}::date
      AND coalesce(i.customer_email, '') <> ''
      AND coalesce(last.day, i.due_date) + l.days <= ${today}::date
      AND NOT EXISTS (
        SELECT 1 FROM dunning_blocks b
        WHERE (b.invoice_id = i.id OR b.customer_id = i.customer_id)
          AND b.lifted_at IS NULL AND b.until >= ${today}::date)
      AND NOT EXISTS (
        SELECT 1 FROM invoice_collections c WHERE c.invoice_id = i.id AND c.announced_on >= ${today}::date)
      AND NOT EXISTS (
        SELECT 1 FROM direct_debit_items d WHERE d.invoice_id = i.id AND d.state = 'submitted')
    ORDER BY i.due_date, i.id`);
  return result.rows as Array<{ id: number; level: number }>;
}

/**
 * The Mahnlauf of one day: each due reminder in its own transaction with the invoice locked
 * and re-read, so a payment booked meanwhile stops it and a second worker finds the level
 * taken (unique per invoice and level). Returns how many letters went out.
 */
export async function runReminders(db: Database, today: string): Promise<number> {
  const settings = await loadBillingSettings(db);
  if (!settings.automaticReminders) return 0;
  let sent = 0;
  for (const due of await dueReminders(db, today)) {
    const done = await db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, due.id, true);
      if (!isOverdue(invoice, today) || invoice.reminderLevel + 1 !== due.level) return false;
      const blocked = await tx.execute(sql`SELECT 1 FROM dunning_blocks b
        WHERE (b.invoice_id = ${invoice.id} OR b.customer_id = ${invoice.customerId})
          AND b.lifted_at IS NULL AND b.until >= ${today}::date
        UNION ALL SELECT 1 FROM direct_debit_items d WHERE d.invoice_id = ${invoice.id} AND d.state = 'submitted'
        LIMIT 1`);
      if (blocked.rows.length) return false;
      await sendReminderLevel(tx, SYSTEM, invoice, due.level, today);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** Daily at 08:00 Vienna (slot = the date): the Mahnlauf (when switched on), then the staff's overdue digest. */
export const dailyRemindersJob = defineJob({
  name: 'quickbill.reminders',
  payload: z.object({
    slot: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  maxAttempts: 5,
  async run({ slot }, ctx) {
    if (!slot) throw new Error('quickbill.reminders needs its slot');
    const sent = await runReminders(ctx.db, slot);
    if (sent) ctx.log(`reminders sent: ${sent}`);
    await mailOverdueDigest(ctx.db, ctx.env, slot);
  },
});

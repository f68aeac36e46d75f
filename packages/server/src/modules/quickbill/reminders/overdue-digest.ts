import { formatDate, formatEuro } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { addDays } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import type { Env } from '../../../env.js';
import { queueMail } from '../../mail/mail-queue.js';
import { staffRecipients } from '../../mail/staff-recipients.js';

type Row = { number: string; customer: string; open: string; day: string; level: number };

const OPEN = sql`i.total_gross - coalesce(i.paid_amount, 0)`;
const present = (rows: Row[], note: (r: Row) => string) =>
  rows.map((r) => ({ number: r.number, customer: r.customer, open: formatEuro(num(r.open)), note: note(r) }));

async function rows(db: Database, where: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(sql`
    SELECT i.invoice_number AS number, i.customer_name AS customer, (${OPEN})::text AS open, d.day::text AS day, i.reminder_level AS level
    FROM invoices i
    LEFT JOIN LATERAL (SELECT max(r.letter_date) AS day FROM invoice_reminders r WHERE r.invoice_id = i.id) d ON true
    WHERE i.status = 'sent' AND i.kind = 'invoice' AND ${where}
    ORDER BY i.due_date, i.id
    LIMIT 200`);
  return result.rows as Row[];
}

/**
 * The staff's daily money digest (decision 0586), after the Mahnlauf of `slot`:
 * invoices overdue since today, reminders sent today, and invoices whose 2. Mahnung's
 * deadline passed yesterday, with the total overdue. Sent only when one of the three lists
 * has something; once per day and recipient (dedupe key). Returns how many mails were queued.
 */
export async function mailOverdueDigest(db: Database, env: Env, slot: string): Promise<number> {
  const yesterday = addDays(slot, -1);
  const [newlyOverdue, reminded, finalPassed] = await Promise.all([
    rows(db, sql`i.due_date = ${yesterday}::date`),
    rows(
      db,
      sql`EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.letter_date = ${slot}::date)`,
    ),
    rows(
      db,
      sql`EXISTS (SELECT 1 FROM invoice_reminders r
        WHERE r.invoice_id = i.id AND r.level = ${REMINDER_LABELS.length} AND r.pay_by = ${yesterday}::date)`,
    ),
  ]);
  if (newlyOverdue.length + reminded.length + finalPassed.length === 0) return 0;
  const totals = await db.execute(sql`
    SELECT count(*)::int AS count, coalesce(sum(${OPEN}), 0)::text AS open
    FROM invoices i WHERE i.status = 'sent' AND i.kind = 'invoice' AND i.due_date < ${slot}::date`);
  const total = totals.rows[0] as { count: number; open: string };
  const data = {
    date: formatDate(slot),
    newlyOverdue: present(newlyOverdue, () => `fällig am ${formatDate(yesterday)}`),
    reminded: present(reminded, (r) => REMINDER_LABELS[r.level - 1] ?? 'Mahnung'),
    finalPassed: present(finalPassed, (r) => `2. Mahnung vom ${r.day ? formatDate(r.day) : '–'}`),
    total: `${total.count === 1 ? '1 Rechnung' : `${total.count} Rechnungen`}, zusammen ${formatEuro(num(total.open))}`,
    openItemsUrl: `${env.PUBLIC_URL}/admin/quickbill/offene-posten`,
  };
  let queued = 0;
  for (const recipient of await staffRecipients(db, 'invoices.read')) {
    const row = await queueMail(db, {
      to: recipient.email,
      template: 'overdue-digest',
      data: { name: recipient.name, ...data },
      dedupeKey: `overdue-digest:${slot}:${recipient.email.toLowerCase()}`,
    });
    if (row) queued += 1;
  }
  return queued;
}

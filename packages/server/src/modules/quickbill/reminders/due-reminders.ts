import { formatDate } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import type { NextReminder } from '@butler/contract/reminders';
import { sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../../../db/executor.js';
import { addDays } from '../../../domain/calendar.js';
import { fromHundredths, toHundredths } from '../../../domain/decimal.js';
import { openAmountOf } from '../payments/payments.service.js';
import type { InvoiceRow } from '../records/invoice.repo.js';
import { isOverdue } from '../records/invoice-rules.js';
import { loadReminderLevels } from './reminder-letter.js';

/** Days the customer gets after each reminder. */
export const REMINDER_GRACE_DAYS = 7;

type Level = { level: number; days: number; fee: string };

/** Day of the invoice's last reminder letter, or null before the first. */
export async function lastLetterDay(db: Executor, invoiceId: number): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT coalesce(max(r.letter_date), (max(r.sent_at) AT TIME ZONE 'Europe/Vienna')::date)::text AS day
    FROM invoice_reminders r WHERE r.invoice_id = ${invoiceId}`);
  return (result.rows[0] as { day: string | null } | undefined)?.day ?? null;
}

/** The Mahnsperre (invoice or customer) that holds on `today`, as its last day, or null. */
async function blockedUntil(db: Executor, invoice: InvoiceRow, today: string): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT max(b.until)::text AS until FROM dunning_blocks b
    WHERE (b.invoice_id = ${invoice.id} OR b.customer_id = ${invoice.customerId})
      AND b.lifted_at IS NULL AND b.until >= ${today}::date`);
  return (result.rows[0] as { until: string | null } | undefined)?.until ?? null;
}

/**
 * The next reminder of an overdue invoice with the configured days, fee and deadline
 * (decision 0770): level 1 counts its days from the due date, levels 2 and 3 from the
 * previous letter, exactly as the Mahnlauf does. Null when there is none (not overdue, all
 * levels sent).
 */
export function nextReminderOf(
  invoice: InvoiceRow,
  levels: Level[],
  lastLetter: string | null,
  blocked: string | null,
  today: string,
): NextReminder | null {
  if (!isOverdue(invoice, today) || invoice.reminderLevel >= REMINDER_LABELS.length) return null;
  const level = invoice.reminderLevel + 1;
  const config = levels.find((l) => l.level === level);
  if (!config) return null;
  const from = lastLetter ?? invoice.dueDate;
  const dueOn = addDays(from, config.days);
  const feesTotal = levels.filter((l) => l.level <= level).reduce((acc, l) => acc + toHundredths(l.fee), 0n);
  return {
    invoice_id: invoice.id,
    level,
    label: REMINDER_LABELS[level - 1],
    due_on: dueOn,
    is_due: dueOn <= today,
    days: config.days,
    counted_from: lastLetter
      ? `${REMINDER_LABELS[level - 2]} vom ${formatDate(lastLetter)}`
      : `Fälligkeit am ${formatDate(invoice.dueDate)}`,
    fee: fromHundredths(toHundredths(config.fee)),
    fees_total: fromHundredths(feesTotal),
    open_amount: fromHundredths(openAmountOf(invoice)),
    pay_by: addDays(today, REMINDER_GRACE_DAYS),
    blocked_until: blocked,
  };
}

export async function loadNextReminder(db: Executor, invoice: InvoiceRow, today: string) {
  const [levels, last, blocked] = await readTogether(
    db,
    () => loadReminderLevels(db),
    () => lastLetterDay(db, invoice.id),
    () => blockedUntil(db, invoice, today),
  );
  return nextReminderOf(invoice, levels, last, blocked, today);
}

/**
 * Invoices whose next reminder level is due on `today` (decision 0582): issued, not fully
 * paid, with a recipient, the level's days passed since the due date (level 1) or the
 * previous letter (levels 2, 3). An invoice paid by SEPA-Lastschrift is not reminded before
 * its announced collection date nor while a run collects it (decision 0602): the money is on
 * its way. `blocked` marks those a Mahnsperre (invoice or customer) holds today.
 */
export async function dueReminderRows(db: Executor, today: string, invoiceId?: number) {
  const result = await db.execute(sql`
    SELECT i.id, i.reminder_level + 1 AS level,
      EXISTS (
        SELECT 1 FROM dunning_blocks b
        WHERE (b.invoice_id = i.id OR b.customer_id = i.customer_id)
          AND b.lifted_at IS NULL AND b.until >= ${today}::date) AS blocked
    FROM invoices i
    JOIN reminder_levels l ON l.level = i.reminder_level + 1
    LEFT JOIN LATERAL (
      SELECT coalesce(max(r.letter_date), (max(r.sent_at) AT TIME ZONE 'Europe/Vienna')::date) AS day
      FROM invoice_reminders r WHERE r.invoice_id = i.id
    ) last ON true
    WHERE i.status = 'sent' AND i.kind = 'invoice' AND i.due_date < ${today}::date
      AND ${invoiceId === undefined ? sql`true` : sql`i.id = ${invoiceId}`}
      AND coalesce(i.customer_email, '') <> ''
      AND coalesce(last.day, i.due_date) + l.days <= ${today}::date
      AND NOT EXISTS (
        SELECT 1 FROM invoice_collections c WHERE c.invoice_id = i.id AND c.announced_on >= ${today}::date)
      AND NOT EXISTS (
        SELECT 1 FROM direct_debit_items d WHERE d.invoice_id = i.id AND d.state = 'submitted')
    ORDER BY i.due_date, i.id`);
  return result.rows as Array<{ id: number; level: number; blocked: boolean }>;
}

/** Due reminders not held by a Mahnsperre: what the Mahnlauf sends today. */
export async function dueReminders(db: Executor, today: string) {
  return (await dueReminderRows(db, today)).filter((r) => !r.blocked).map(({ id, level }) => ({ id, level }));
}

import { formatDate, formatNumber } from '@butler/contract/format';
import { asc, eq, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../../../db/executor.js';
import { billingSettings, reminderLevels } from '../../../db/schema/index.js';
import { toHundredths } from '../../../domain/decimal.js';
import { defaultInterestCents, defaultInterestRate } from '../../../domain/default-interest.js';
import type { ReminderLetter } from '../pdf/reminder-pdf.js';
import type { InvoiceRow } from '../records/invoice.repo.js';

export const DEFAULT_LEVELS = [
  { level: 1, days: 7, fee: '0.00' },
  { level: 2, days: 14, fee: '5.00' },
  { level: 3, days: 14, fee: '10.00' },
];

/** The single billing settings row (created with defaults on first use). */
export async function loadBillingSettings(db: Executor) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  if (row) return row;
  await db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing();
  return (await db.select().from(billingSettings).where(eq(billingSettings.id, 1)))[0];
}

export async function loadReminderLevels(db: Executor) {
  return db.select().from(reminderLevels).orderBy(asc(reminderLevels.level));
}

/** Money received for an invoice, by day (for the interest on what was still open). */
async function receivedByDay(db: Executor, invoiceId: number) {
  const result = await db.execute(sql`
    SELECT p.payment_date::text AS date, p.amount::text AS amount FROM payments p
    WHERE p.invoice_id = ${invoiceId} AND p.kind IN ('payment', 'credit_applied')
      AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = p.id)`);
  return (result.rows as Array<{ date: string; amount: string }>).map((r) => ({
    date: r.date,
    cents: toHundredths(r.amount),
  }));
}

/**
 * The figures of the reminder at `level` on `date` (decision 0582): open amount, the fees of
 * this and the earlier levels, and, on a Mahnung (level 2 and 3) with default interest
 * switched on, the interest from the due date to `date` (§ 456 UGB or § 1000 ABGB).
 */
export async function buildLetter(db: Executor, invoice: InvoiceRow, level: number, date: string) {
  const [levels, settings, received] = await readTogether(
    db,
    () => loadReminderLevels(db),
    () => loadBillingSettings(db),
    () => receivedByDay(db, invoice.id),
  );
  const config = levels.find((l) => l.level === level);
  if (!config) throw new Error(`reminder level ${level} missing`);
  const feeCents = levels.filter((l) => l.level <= level).reduce((acc, l) => acc + toHundredths(l.fee), 0n);
  const receivedCents = received.reduce((acc, r) => acc + r.cents, 0n);
  const grossCents = toHundredths(invoice.totalGross);
  let interestCents = 0n;
  let interestBasis: string | null = null;
  if (settings.defaultInterest && level >= 2) {
    const rate = defaultInterestRate(invoice.customerIsBusiness, settings.baseRate);
    interestCents = defaultInterestCents({
      grossCents,
      dueDate: invoice.dueDate,
      until: date,
      received,
      rateThousandths: rate,
    });
    const percent = formatNumber(Number(rate) / 1000);
    interestBasis = invoice.customerIsBusiness
      ? `${percent}\u00a0% p.a. (§ 456 UGB: Basiszinssatz ${formatNumber(Number(settings.baseRate))}\u00a0% seit ${formatDate(settings.baseRateSince)} + 9,2 Prozentpunkte)`
      : `${percent}\u00a0% p.a. (§ 1000 ABGB)`;
  }
  return {
    level,
    date,
    text: config.text,
    receivedCents,
    openCents: grossCents - receivedCents,
    feeCents,
    interestCents,
    interestBasis,
    days: config.days,
  } satisfies Omit<ReminderLetter, 'payBy'> & { days: number };
}

import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/executor.js';
import { invoiceNumberCounters } from '../../../db/schema/index.js';

/**
 * `{YYYY}-{NNNN}` → `2026-0007`. Tokens: {YYYY} four-digit year, {YY} two-digit year,
 * {N…} the sequence, zero-padded to the number of N (never truncated).
 */
export function formatInvoiceNumber(format: string, year: number, sequence: number): string {
  return format
    .replace(/\{YYYY\}/g, () => String(year))
    .replace(/\{YY\}/g, () => String(year % 100).padStart(2, '0'))
    .replace(/\{(N+)\}/g, (_, n: string) => String(sequence).padStart(n.length, '0'));
}

/**
 * Takes the next number of `year` inside the caller's transaction. The counter row is
 * locked (SELECT … FOR UPDATE via UPDATE … RETURNING) until the transaction ends, so
 * concurrent sends queue up and a rolled-back send gives its number back: consecutive
 * per year without gaps (§11 UStG).
 */
export async function takeInvoiceNumber(tx: Transaction, year: number, format: string) {
  await tx.insert(invoiceNumberCounters).values({ year, lastSequence: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceNumberCounters)
    .set({ lastSequence: sql`${invoiceNumberCounters.lastSequence} + 1` })
    .where(sql`${invoiceNumberCounters.year} = ${year}`)
    .returning({ sequence: invoiceNumberCounters.lastSequence });
  return { year, sequence: row.sequence, number: formatInvoiceNumber(format, year, row.sequence) };
}

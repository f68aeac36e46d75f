import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { bankEntries } from '../../db/schema/index.js';
import { hundredthsToString } from '../../domain/decimal.js';
import type { EntryRow } from './entry-rows.js';

/**
 * When a booking of a file is one already stored (decision 0723). Its facts are the file's:
 * the statement's account, the bank's status, booking day, direction, amount and currency;
 * then
 * - both carry the bank's reference (AcctSvcrRef): the same booking when the references are
 *   equal, two bookings when they differ — whatever else the files say;
 * - one of them (or both) has none: the same booking when every other fact is equal too
 *   (value day, payer or payee and IBAN, remittance, creditor reference, EndToEndId,
 *   mandate, return reason). Rows stored before this rule count as "no reference".
 * A stored booking is the same as at most one booking of a file: two identical bookings in
 * one file are two bookings, and an overlapping file brings only the ones not yet stored.
 */

export type SameBooking = { entryId: number; reason: 'reference' | 'facts' };
type Candidate = typeof bankEntries.$inferSelect;

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

function factsEqual(row: EntryRow, stored: Candidate): boolean {
  const facts = row.stored;
  return (
    stored.valueDate === row.valueDate &&
    stored.counterpartyName === facts.counterpartyName &&
    stored.counterpartyIban === facts.counterpartyIban &&
    stored.remittance === facts.remittance &&
    stored.reference === facts.reference &&
    stored.endToEndId === facts.endToEndId &&
    stored.mandateReference === facts.mandateReference &&
    stored.returnReason === facts.returnReason
  );
}

/** Whether `stored` is the booking `row` describes, and by which rule. */
function sameAs(row: EntryRow, stored: Candidate): SameBooking['reason'] | null {
  if (row.bankReference && stored.bankReference) return row.bankReference === stored.bankReference ? 'reference' : null;
  return factsEqual(row, stored) ? 'facts' : null;
}

/** Stored bookings with the same account, status, day, direction, amount and currency. */
async function candidates(db: Executor, row: EntryRow): Promise<Candidate[]> {
  return db
    .select()
    .from(bankEntries)
    .where(
      and(
        row.accountIban === null ? isNull(bankEntries.accountIban) : eq(bankEntries.accountIban, row.accountIban),
        eq(bankEntries.bankStatus, row.bankStatus),
        row.bookingDate === null ? isNull(bankEntries.bookingDate) : eq(bankEntries.bookingDate, row.bookingDate),
        eq(bankEntries.direction, row.direction),
        eq(bankEntries.amount, hundredthsToString(row.amountCents)),
        eq(bankEntries.currency, row.currency),
      ),
    )
    .orderBy(asc(bankEntries.id));
}

/**
 * The stored booking `row` is, unless `claimed` (already matched to another booking of this
 * file, or stored by it); else the fingerprint the new row is stored under. The fingerprint
 * counts the stored bookings it is the same as, so the unique index refuses a second copy
 * even if two imports ever ran at once (they are serialised; the index is the guarantee).
 */
export async function identify(
  db: Executor,
  row: EntryRow,
  claimed: Set<number>,
): Promise<{ same: SameBooking } | { fingerprint: string }> {
  const matching = (await candidates(db, row))
    .map((stored) => ({ stored, reason: sameAs(row, stored) }))
    .filter((m): m is { stored: Candidate; reason: SameBooking['reason'] } => m.reason !== null);
  const free = matching.find((m) => !claimed.has(m.stored.id));
  if (free) return { same: { entryId: free.stored.id, reason: free.reason } };
  const identity = row.bankReference
    ? `ref:${row.bankReference}`
    : `facts:${hash(JSON.stringify([row.valueDate, row.stored]))}`;
  const key = [row.account ?? '-', row.bankStatus, row.bookingDate, row.direction, row.amountCents, row.currency];
  return { fingerprint: hash(`v2|${key.join('|')}|${identity}|#${matching.length + 1}`) };
}

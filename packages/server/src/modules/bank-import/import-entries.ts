import { formatDate } from '@butler/contract/format';
import { eq, sql } from 'drizzle-orm';
import { bankEntries, bankFileSkips } from '../../db/schema/index.js';
import { hundredthsToString } from '../../domain/decimal.js';
import { closedMonthError } from '../../lib/closed-months.js';
import { AppError } from '../../lib/errors.js';
import { identify } from './entry-identity.js';
import { type Outcome, type ProcessContext, processEntry } from './entry-processing.js';
import type { EntryRow } from './entry-rows.js';

/** The largest amount a booking can have here (numeric(12, 2)). */
const MAX_CENTS = 999_999_999_999n;

/**
 * Stores the bookings of an accepted file inside the import's transaction (decisions
 * 0723, 0724): a booking that is one already stored is left out and listed with the reason
 * (bank_file_skips); every other one is stored and booked. A booking that cannot be booked
 * (a payment the ledger refuses, an amount with more than two decimals) stays "nicht
 * zugeordnet" with the reason, and the rest of the file imports: each booking runs in a
 * savepoint of its own.
 */
export async function storeEntries(ctx: ProcessContext, fileId: number, rows: EntryRow[]) {
  const tooLarge = rows.find((row) => row.amountCents > MAX_CENTS || row.amountCents < -MAX_CENTS);
  if (tooLarge) {
    throw new AppError(
      'BANK_FILE_REFUSED',
      `Zeile ${tooLarge.line}: Der Betrag ${tooLarge.amountText} ist größer, als das Portal speichern kann (höchstens 9.999.999.999,99)`,
    );
  }
  const claimed = new Set<number>();
  let fresh = 0;
  let skipped = 0;
  for (const row of rows) {
    const found = await identify(ctx.tx, row, claimed);
    if ('same' in found) {
      claimed.add(found.same.entryId);
      await ctx.tx
        .insert(bankFileSkips)
        .values({ fileId, entryId: found.same.entryId, line: row.line, reason: found.same.reason });
      skipped += 1;
      continue;
    }
    const [inserted] = await ctx.tx
      .insert(bankEntries)
      .values({
        fileId,
        fingerprint: found.fingerprint,
        accountIban: row.accountIban,
        statementRef: row.statementRef,
        bookingDate: row.bookingDate,
        valueDate: row.valueDate,
        amount: hundredthsToString(row.amountCents),
        currency: row.currency,
        direction: row.direction,
        bankStatus: row.bankStatus,
        bankTransactionCode: row.bankTransactionCode,
        bankReference: row.bankReference,
        ...row.stored,
        charges: row.chargesCents === null ? null : hundredthsToString(row.chargesCents),
        kind: 'other',
        matchState: 'ignored',
      })
      .returning({ id: bankEntries.id });
    claimed.add(inserted.id);
    fresh += 1;
    const outcome = await bookSafely(ctx, row);
    await ctx.tx
      .update(bankEntries)
      .set({
        kind: outcome.kind,
        matchState: outcome.matchState,
        invoiceId: outcome.invoiceId,
        directDebitItemId: outcome.directDebitItemId,
        paymentId: outcome.paymentId,
        matchNote: outcome.note,
        bookingProblem: outcome.problem ?? null,
        resolvedBy: outcome.matchState === 'matched' ? 'Kontoauszug' : null,
        resolvedAt: outcome.matchState === 'matched' ? sql`now()` : null,
      })
      .where(eq(bankEntries.id, inserted.id));
  }
  return { fresh, skipped };
}

/** What a booking that was not booked is, so staff find it under the right kind. */
const kindOf = (row: EntryRow): Outcome['kind'] =>
  row.tx.returnReason || (row.direction === 'DBIT' && row.reversal)
    ? 'return'
    : row.direction === 'DBIT'
      ? 'debit'
      : 'credit';

async function bookSafely(ctx: ProcessContext, row: EntryRow): Promise<Outcome & { problem?: string }> {
  const notBooked = (problem: string) => ({
    kind: kindOf(row),
    matchState: 'unassigned' as const,
    invoiceId: null,
    directDebitItemId: null,
    paymentId: null,
    note: problem,
    problem,
  });
  if (!row.amountExact && row.currency === 'EUR' && row.bankStatus === 'BOOK') {
    return notBooked(
      `Nicht gebucht: Der Betrag ${row.amountText} hat mehr als zwei Nachkommastellen; bitte mit der Bank klären`,
    );
  }
  try {
    return await ctx.tx.transaction((savepoint) => processEntry({ ...ctx, tx: savepoint }, row));
  } catch (caught) {
    // A booking dated in a closed month (decision 0821) stays "nicht zugeordnet" with the reason.
    const error = closedMonthError(caught) ?? caught;
    if (!(error instanceof AppError)) throw error;
    const day = row.bookingDate ? ` (Buchungstag ${formatDate(row.bookingDate)})` : '';
    return notBooked(`Nicht gebucht: ${error.message}${day}`);
  }
}

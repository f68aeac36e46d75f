import type { ImportSummary } from '@butler/contract/bank-import';
import { formatDateTime } from '@butler/contract/format';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.js';
import { bankEntries, bankFileSkips, bankFiles } from '../../db/schema/index.js';
import { fromHundredths, toHundredths } from '../../domain/decimal.js';

const signed = (entry: { amount: string; direction: string }) => {
  const amount = fromHundredths(toHundredths(entry.amount));
  return entry.direction === 'DBIT' ? -amount : amount;
};

/**
 * What an import did (decisions 0608, 0723, 0724): its counts, every booking it left out as
 * one already stored with which and why, every booking it could not book with the reason,
 * and what staff should check. The same for a file imported again (`duplicate`).
 */
export async function importSummary(db: Executor, fileId: number): Promise<Omit<ImportSummary, 'duplicate'>> {
  const [file] = await db.select().from(bankFiles).where(eq(bankFiles.id, fileId));
  const counts = await db
    .select({ state: bankEntries.matchState, kind: bankEntries.kind, n: sql<number>`count(*)::int` })
    .from(bankEntries)
    .where(eq(bankEntries.fileId, fileId))
    .groupBy(bankEntries.matchState, bankEntries.kind);
  const count = (predicate: (c: (typeof counts)[number]) => boolean) =>
    counts.filter(predicate).reduce((sum, c) => sum + c.n, 0);
  const earlier = alias(bankFiles, 'earlier');
  const skips = await db
    .select({ skip: bankFileSkips, entry: bankEntries, earlier: { name: earlier.fileName, at: earlier.importedAt } })
    .from(bankFileSkips)
    .innerJoin(bankEntries, eq(bankEntries.id, bankFileSkips.entryId))
    .innerJoin(earlier, eq(earlier.id, bankEntries.fileId))
    .where(eq(bankFileSkips.fileId, fileId))
    .orderBy(asc(bankFileSkips.id));
  const problems = await db
    .select()
    .from(bankEntries)
    .where(and(eq(bankEntries.fileId, fileId), isNotNull(bankEntries.bookingProblem)))
    .orderBy(asc(bankEntries.id));
  return {
    file_id: file.id,
    message: file.message,
    statements: file.statementCount,
    entries: file.entryCount,
    new_entries: file.newEntryCount,
    matched: count((c) => c.state === 'matched' && c.kind !== 'return'),
    suggested: count((c) => c.state === 'suggested'),
    unassigned: count((c) => c.state === 'unassigned'),
    returns: count((c) => c.kind === 'return'),
    skipped: skips.map(({ skip, entry, earlier: from }) => ({
      booking_date: entry.bookingDate,
      amount: signed(entry),
      counterparty_name: entry.counterpartyName,
      reason: `${
        skip.reason === 'reference'
          ? `Dieselbe Buchung (Bankreferenz ${entry.bankReference}, gleicher Tag, Betrag und Richtung)`
          : 'Dieselbe Buchung (alle Angaben gleich, eine davon ohne Bankreferenz)'
      } kam schon mit „${from.name}“ (importiert ${formatDateTime(from.at)})`,
    })),
    not_booked: problems.map((entry) => ({
      entry_id: entry.id,
      booking_date: entry.bookingDate,
      amount: signed(entry),
      counterparty_name: entry.counterpartyName,
      reason: entry.bookingProblem ?? '',
    })),
    warnings: file.warnings,
  };
}

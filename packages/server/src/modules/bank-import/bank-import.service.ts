import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankEntries, bankFiles } from '../../db/schema/index.js';
import { hundredthsToString } from '../../domain/decimal.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { openBlob, putBlob } from '../../lib/blob-store.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pagination.js';
import type { PaymentService } from '../quickbill/payments/payments.service.js';
import { BankFileError, readBankFile } from './camt/camt-file.js';
import { processEntry } from './entry-processing.js';
import { entryRows } from './entry-rows.js';

/** Larger than any day's statement of a small business; the limit keeps memory bounded. */
export const MAX_BANK_FILE_BYTES = 20 * 1024 * 1024;

export type ImportSummary = {
  file_id: number;
  duplicate: boolean;
  message: string;
  statements: number;
  entries: number;
  new_entries: number;
  matched: number;
  suggested: number;
  unassigned: number;
  returns: number;
};

const cents = (amount: string) => BigInt(Math.round(Number(amount) * 100));

/**
 * Imports a camt file (decision 0608): refused whole when anything is wrong with it
 * (camt-file.ts); the same bytes a second time change nothing; bookings an earlier file
 * already brought are skipped by their fingerprint; the rest are stored and booked in one
 * transaction, serialised with other imports (their ledger locks would otherwise meet in
 * different orders).
 */
export function createBankImportService(db: Database, payments: PaymentService) {
  async function existing(sha256: string): Promise<ImportSummary | null> {
    const [file] = await db.select().from(bankFiles).where(eq(bankFiles.sha256, sha256));
    if (!file) return null;
    return { ...(await summaryOf(file.id)), duplicate: true };
  }

  async function summaryOf(fileId: number): Promise<ImportSummary> {
    const [file] = await db.select().from(bankFiles).where(eq(bankFiles.id, fileId));
    const counts = await db
      .select({ state: bankEntries.matchState, kind: bankEntries.kind, n: sql<number>`count(*)::int` })
      .from(bankEntries)
      .where(eq(bankEntries.fileId, fileId))
      .groupBy(bankEntries.matchState, bankEntries.kind);
    const count = (predicate: (c: (typeof counts)[number]) => boolean) =>
      counts.filter(predicate).reduce((sum, c) => sum + c.n, 0);
    return {
      file_id: file.id,
      duplicate: false,
      message: file.message,
      statements: file.statementCount,
      entries: file.entryCount,
      new_entries: file.newEntryCount,
      matched: count((c) => c.state === 'matched' && c.kind !== 'return'),
      suggested: count((c) => c.state === 'suggested'),
      unassigned: count((c) => c.state === 'unassigned'),
      returns: count((c) => c.kind === 'return'),
    };
  }

  return {
    async importFile(session: SessionContext, fileName: string, bytes: Buffer): Promise<ImportSummary> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const already = await existing(sha256);
      if (already) return already;
      let file: Awaited<ReturnType<typeof readBankFile>>;
      try {
        file = await readBankFile(bytes);
      } catch (error) {
        if (error instanceof BankFileError) throw new AppError('BANK_FILE_REFUSED', error.message);
        throw error;
      }
      const rows = entryRows(file);
      const today = todayVienna();
      try {
        const fileId = await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(600, 1)`);
          const blob = await putBlob(tx, bytes, { kind: 'bank-file', maxBytes: MAX_BANK_FILE_BYTES });
          const [stored] = await tx
            .insert(bankFiles)
            .values({
              sha256,
              fileName: fileName.slice(0, 200) || 'kontoauszug.xml',
              message: file.message,
              statementCount: file.statements.length,
              entryCount: rows.length,
              newEntryCount: 0,
              blobId: blob.id,
              importedBy: session.displayName,
            })
            .returning();
          let fresh = 0;
          for (const row of rows) {
            const [inserted] = await tx
              .insert(bankEntries)
              .values({
                fileId: stored.id,
                fingerprint: row.fingerprint,
                accountIban: row.accountIban,
                statementRef: row.statementRef,
                bookingDate: row.bookingDate,
                valueDate: row.valueDate,
                amount: hundredthsToString(cents(row.amount)),
                currency: row.currency,
                direction: row.direction,
                bankStatus: row.bankStatus,
                bankTransactionCode: row.bankTransactionCode,
                counterpartyName: row.tx.counterpartyName?.slice(0, 140) ?? null,
                counterpartyIban: row.tx.counterpartyIban,
                remittance: [row.tx.remittance, row.entry.additionalInfo].filter(Boolean).join(' · ').slice(0, 500),
                reference: row.tx.references[0] ?? null,
                endToEndId: row.tx.endToEndId,
                mandateReference: row.tx.mandateId,
                returnReason: row.tx.returnReason,
                charges: row.tx.charges ? hundredthsToString(cents(row.tx.charges)) : null,
                kind: 'other',
                matchState: 'ignored',
              })
              .onConflictDoNothing({ target: bankEntries.fingerprint })
              .returning({ id: bankEntries.id });
            if (!inserted) continue;
            fresh += 1;
            const outcome = await processEntry({ tx, session, payments, today }, row);
            await tx
              .update(bankEntries)
              .set({
                kind: outcome.kind,
                matchState: outcome.matchState,
                invoiceId: outcome.invoiceId,
                directDebitItemId: outcome.directDebitItemId,
                paymentId: outcome.paymentId,
                matchNote: outcome.note,
                resolvedBy: outcome.matchState === 'matched' ? 'Kontoauszug' : null,
                resolvedAt: outcome.matchState === 'matched' ? sql`now()` : null,
              })
              .where(eq(bankEntries.id, inserted.id));
          }
          await tx.update(bankFiles).set({ newEntryCount: fresh }).where(eq(bankFiles.id, stored.id));
          await writeAudit(tx, session, 'import', 'bank_file', stored.id, null, {
            fileName: stored.fileName,
            sha256,
            message: file.message,
            entries: rows.length,
            newEntries: fresh,
          });
          return stored.id;
        });
        return summaryOf(fileId);
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg.code === '23505' && pg.constraint === 'bank_files_sha256_uq') {
          const same = await existing(sha256);
          if (same) return same;
        }
        throw error;
      }
    },

    async summary(id: number) {
      const [row] = await db.select({ id: bankFiles.id }).from(bankFiles).where(eq(bankFiles.id, id));
      if (!row) throw new AppError('BANK_FILE_NOT_FOUND');
      return summaryOf(id);
    },

    /** The file exactly as uploaded (verified against its sha256 while streaming). */
    async openFile(id: number) {
      const [row] = await db.select().from(bankFiles).where(eq(bankFiles.id, id));
      const opened = row ? await openBlob(db, row.blobId) : null;
      if (!row || !opened) throw new AppError('BANK_FILE_NOT_FOUND');
      return { opened, fileName: row.fileName.replace(/[^\w.-]+/g, '_') };
    },
  };
}

export type BankImportService = ReturnType<typeof createBankImportService>;

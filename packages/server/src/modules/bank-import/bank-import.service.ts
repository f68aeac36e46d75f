import { createHash } from 'node:crypto';
import type { ImportSummary } from '@butler/contract/bank-import';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankFiles } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { openBlob, putBlob } from '../../lib/blob-store.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pagination.js';
import type { PaymentService } from '../quickbill/payments/payments.service.js';
import { BankFileError, readBankFile } from './camt/camt-file.js';
import { entryRows } from './entry-rows.js';
import { storeEntries } from './import-entries.js';
import { importSummary } from './import-summary.js';
import { importWarnings } from './import-warnings.js';

/** Larger than any day's statement of a small business; the limit keeps memory bounded. */
export const MAX_BANK_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Imports a camt file (decision 0608): refused whole when anything is wrong with it
 * (camt-file.ts); the same bytes a second time change nothing; bookings already stored are
 * left out and listed with the reason (decision 0723); the rest are stored and booked in
 * one transaction, serialised with other imports (their ledger locks would otherwise meet
 * in different orders), each booking that cannot be booked kept with its reason (0724).
 */
export function createBankImportService(db: Database, payments: PaymentService) {
  async function existing(sha256: string): Promise<ImportSummary | null> {
    const [file] = await db.select().from(bankFiles).where(eq(bankFiles.sha256, sha256));
    if (!file) return null;
    return { ...(await summaryOf(file.id)), duplicate: true };
  }

  async function summaryOf(fileId: number): Promise<ImportSummary> {
    return { ...(await importSummary(db, fileId)), duplicate: false };
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
          const { fresh, skipped } = await storeEntries({ tx, session, payments, today }, stored.id, rows);
          const warnings = await importWarnings(tx, file, rows);
          await tx
            .update(bankFiles)
            .set({ newEntryCount: fresh, skippedCount: skipped, warnings })
            .where(eq(bankFiles.id, stored.id));
          await writeAudit(tx, session, 'import', 'bank_file', stored.id, null, {
            fileName: stored.fileName,
            sha256,
            message: file.message,
            entries: rows.length,
            newEntries: fresh,
            skipped,
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

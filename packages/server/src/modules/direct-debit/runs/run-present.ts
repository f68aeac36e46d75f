import type { Run, RunDetail, RunStage } from '@butler/contract/direct-debit';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { blobs, directDebitItems, directDebitRuns, invoices } from '../../../db/schema/index.js';
import { fromHundredths, toHundredths } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import { runFileName } from './run-file.js';

/** A run's rows with its file hash and how many of its items the bank settled. */
export function runRows(db: Executor) {
  return db
    .select({
      run: directDebitRuns,
      sha256: blobs.sha256,
      collected: sql<number>`(SELECT count(*)::int FROM ${directDebitItems} i WHERE i.run_id = ${directDebitRuns.id} AND i.state = 'collected')`,
      returned: sql<number>`(SELECT count(*)::int FROM ${directDebitItems} i WHERE i.run_id = ${directDebitRuns.id} AND i.state = 'returned')`,
    })
    .from(directDebitRuns)
    .innerJoin(blobs, eq(blobs.id, directDebitRuns.blobId))
    .$dynamic();
}

type RunRow = {
  run: typeof directDebitRuns.$inferSelect;
  sha256: string;
  collected: number;
  returned: number;
};

/** Where the file is (decision 0722): written, downloaded, confirmed at the bank, or discarded. */
export function runStage(run: typeof directDebitRuns.$inferSelect): RunStage {
  if (run.status === 'discarded') return 'discarded';
  if (run.atBankAt) return 'at_bank';
  if (run.downloadedAt) return 'downloaded';
  return 'created';
}

export function presentRun(row: RunRow): Run {
  const { run } = row;
  return {
    id: run.id,
    message_id: run.messageId,
    collection_date: run.collectionDate,
    pain_version: run.painVersion as '001.08' | '001.02',
    status: run.status as 'submitted' | 'discarded',
    stage: runStage(run),
    item_count: run.itemCount,
    total: fromHundredths(toHundredths(run.total)),
    collected: row.collected,
    returned: row.returned,
    sha256: row.sha256,
    file_name: runFileName(run.collectionDate, run.id),
    created_by: run.createdBy,
    created_at: run.createdAt.toISOString(),
    downloaded_at: run.downloadedAt?.toISOString() ?? null,
    downloaded_by: run.downloadedBy,
    at_bank_at: run.atBankAt?.toISOString() ?? null,
    at_bank_by: run.atBankBy,
  };
}

export async function runDetail(db: Executor, id: number): Promise<RunDetail> {
  const [row] = await runRows(db).where(eq(directDebitRuns.id, id));
  if (!row) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
  const items = await db
    .select({ item: directDebitItems, invoiceNumber: invoices.invoiceNumber })
    .from(directDebitItems)
    .innerJoin(invoices, eq(invoices.id, directDebitItems.invoiceId))
    .where(eq(directDebitItems.runId, id))
    .orderBy(asc(directDebitItems.id));
  return {
    ...presentRun(row),
    items: items.map(({ item, invoiceNumber }) => ({
      id: item.id,
      invoice_id: item.invoiceId,
      invoice_number: invoiceNumber ?? '',
      customer_id: item.customerId,
      debtor_name: item.debtorName,
      amount: fromHundredths(toHundredths(item.amount)),
      sequence_type: item.sequenceType as 'FRST' | 'RCUR',
      mandate_reference: item.mandateReference,
      end_to_end_id: item.endToEndId,
      state: item.state as 'submitted',
      return_reason: item.returnReason,
      return_fee: item.returnFee === null ? null : fromHundredths(toHundredths(item.returnFee)),
    })),
  };
}

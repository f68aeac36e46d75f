import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { statementDocuments } from '../../db/schema/index.js';
import {
  hasChanges,
  type StatementChanges,
  type StatementSnapshot,
  statementChanges,
} from '../../domain/statement-changes.js';
import { openBlob, putBlob, readBlob } from '../../lib/blob-store.js';
import type { StatementCorrection } from './statement-correction-pdf.js';
import { loadStatement } from './statement-data.service.js';
import { renderStatementPdf } from './statement-pdfs.js';
import { changeLines, snapshotOf } from './statement-snapshot.js';

export type StatementDocument = typeof statementDocuments.$inferSelect;
const monthDate = (month: string) => `${month}-01`;

/** The customer's data version (their own row plus row 0, which every customer reads). */
export async function customerDataVersion(db: Executor, customerId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT coalesce(sum(version), 0)::bigint AS version FROM customer_data_versions WHERE customer_id IN (0, ${customerId})`,
  );
  return Number((result.rows[0] as { version: string }).version);
}

/** Every issued version of one month, oldest first. */
export function documentsOf(db: Executor, customerId: number, month: string) {
  return db
    .select()
    .from(statementDocuments)
    .where(and(eq(statementDocuments.customerId, customerId), eq(statementDocuments.month, monthDate(month))))
    .orderBy(asc(statementDocuments.version));
}

/** Every issued version of a customer, by month (`YYYY-MM`), oldest version first. */
export async function documentsByMonth(db: Executor, customerId: number) {
  const rows = await db
    .select()
    .from(statementDocuments)
    .where(eq(statementDocuments.customerId, customerId))
    .orderBy(asc(statementDocuments.month), asc(statementDocuments.version));
  const byMonth = new Map<string, StatementDocument[]>();
  for (const row of rows) {
    const month = row.month.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), row]);
  }
  return byMonth;
}

/** The newest issued version of a month (the one in force), or undefined before the month was issued. */
export async function latestDocument(db: Executor, customerId: number, month: string) {
  const [row] = await db
    .select()
    .from(statementDocuments)
    .where(and(eq(statementDocuments.customerId, customerId), eq(statementDocuments.month, monthDate(month))))
    .orderBy(desc(statementDocuments.version))
    .limit(1);
  return row;
}

export const documentPdf = (db: Executor, doc: Pick<StatementDocument, 'blobId'>) => readBlob(db, doc.blobId);
export const openDocumentPdf = (db: Database, doc: Pick<StatementDocument, 'blobId'>) => openBlob(db, doc.blobId);

/** What a correction changed, as the lounge and the PDF say it. */
export const changeLinesOf = (doc: Pick<StatementDocument, 'changes'>) =>
  doc.changes ? changeLines(doc.changes as StatementChanges) : [];

export type Rendered = { pdf: Buffer; snapshot: StatementSnapshot; dataVersion: number };

/** The statement as it is now: rendered, with its snapshot and the data version read before it. */
export async function renderStatementNow(
  db: Database,
  customerId: number,
  month: string,
  correction?: StatementCorrection,
) {
  const dataVersion = await customerDataVersion(db, customerId);
  const data = await loadStatement(db, customerId, month);
  if (!data) return null;
  return { pdf: await renderStatementPdf(db, data, correction), snapshot: snapshotOf(data), dataVersion };
}

/**
 * Stores a rendered version inside `tx` (blob and row together). Null when that version
 * exists already (a second run was quicker): the caller's transaction then holds nothing new.
 */
export async function storeStatementVersion(
  tx: Executor,
  customerId: number,
  month: string,
  version: number,
  issuedOn: string,
  rendered: Rendered,
  extra: { changes: StatementChanges | null; delivery: string },
) {
  const blob = await putBlob(tx, rendered.pdf, { kind: 'statement-pdf' });
  const [row] = await tx
    .insert(statementDocuments)
    .values({
      customerId,
      month: monthDate(month),
      version,
      issuedOn,
      blobId: blob.id,
      snapshot: rendered.snapshot,
      changes: extra.changes,
      dataVersion: rendered.dataVersion,
      delivery: extra.delivery,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Whether the month changed since its newest version: null when not (the version is marked as
 * compared at today's data version), else the changes and the correction rendered with them.
 */
export async function pendingCorrection(db: Database, latest: StatementDocument, today: string) {
  const month = latest.month.slice(0, 7);
  const dataVersion = await customerDataVersion(db, latest.customerId);
  if (dataVersion === latest.dataVersion) return null;
  const data = await loadStatement(db, latest.customerId, month);
  if (!data) return null;
  const changes = statementChanges(latest.snapshot as StatementSnapshot, snapshotOf(data));
  if (!hasChanges(changes)) {
    await db
      .update(statementDocuments)
      .set({ dataVersion })
      .where(and(eq(statementDocuments.id, latest.id), eq(statementDocuments.dataVersion, latest.dataVersion)));
    return null;
  }
  const correction = { correctedOn: today, replacesIssuedOn: latest.issuedOn, lines: changeLines(changes) };
  const rendered: Rendered = {
    pdf: await renderStatementPdf(db, data, correction),
    snapshot: snapshotOf(data),
    dataVersion,
  };
  return { changes, rendered };
}

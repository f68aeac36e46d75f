import type { StatementMonth } from '@butler/contract/balance-alerts';
import type { Database } from '../../db/client.js';
import { monthDisplay } from '../../domain/calendar.js';
import { AppError } from '../../lib/errors.js';
import { statementMonths } from './statement-data.service.js';
import { changeLinesOf, documentPdf, documentsByMonth, documentsOf, latestDocument } from './statement-documents.js';
import { statementPdf } from './statement-pdfs.js';

const NO_STATEMENT = 'Für diesen Monat gibt es keine Monatsübersicht';

/** Past months with bookings or an issued statement, newest first, each with its issued versions (decision 0771). */
export async function listStatements(db: Database, customerId: number, today: string): Promise<StatementMonth[]> {
  const [booked, issued] = await Promise.all([
    statementMonths(db, customerId, today),
    documentsByMonth(db, customerId),
  ]);
  const months = [...new Set([...booked, ...issued.keys()])].sort().reverse();
  return months.map((month) => ({
    month,
    month_display: monthDisplay(month),
    versions: (issued.get(month) ?? []).map((d) => ({
      version: d.version,
      issued_on: d.issuedOn,
      kind: d.version === 0 ? ('original' as const) : ('correction' as const),
      changes: changeLinesOf(d),
    })),
  }));
}

/** 404 unless the month is one the list offers. */
async function requireMonth(db: Database, customerId: number, month: string, today: string) {
  const months = await listStatements(db, customerId, today);
  if (!months.some((m) => m.month === month)) throw new AppError('NOT_FOUND', NO_STATEMENT);
}

/**
 * The statement in force: the newest issued version as it was stored (a sent statement stays
 * as sent), or, for a month never issued, the month rendered as it is now.
 */
export async function currentStatementPdf(
  db: Database,
  customerId: number,
  month: string,
  today: string,
  knownVersion?: number,
) {
  await requireMonth(db, customerId, month, today);
  const latest = await latestDocument(db, customerId, month);
  const pdf = latest ? await documentPdf(db, latest) : await statementPdf(db, customerId, month, knownVersion);
  if (!pdf) throw new AppError('CUSTOMER_NOT_FOUND');
  return { pdf, version: latest?.version ?? null };
}

/** One issued version (0 the statement sent, 1… its corrections), as stored. */
export async function statementVersionPdf(db: Database, customerId: number, month: string, version: number) {
  const doc = (await documentsOf(db, customerId, month)).find((d) => d.version === version);
  const pdf = doc ? await documentPdf(db, doc) : null;
  if (!pdf) throw new AppError('NOT_FOUND', 'Diese Fassung der Monatsübersicht gibt es nicht');
  return pdf;
}

export { requireMonth as requireStatementMonth };

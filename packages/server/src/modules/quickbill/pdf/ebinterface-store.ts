import { and, eq } from 'drizzle-orm';
import { invoiceDocuments, invoices } from '../../../db/schema/index.js';
import { putBlob, readBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { toEbInterface } from '../e-invoice/ebinterface.js';
import { type InvoiceDocument, loadInvoiceDocument } from '../invoices/invoice-document.js';
import type { Executor, QuickbillDeps, Transaction } from '../shared.js';
import { pdfFileName } from './pdf-store.js';

/** `invoice_documents.kind` of the ebInterface 6.1 XML (next to 'pdf' and 'xml'). */
export const EBINTERFACE_KIND = 'ebinterface';
/** An ebInterface XML of 200 lines is far below this; anything larger is a bug. */
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Writes the ebInterface 6.1 XML of an invoice or Stornorechnung into the blob store, in
 * the transaction that issues it (the number was just taken), so the document exists
 * exactly when the invoice does and is never rendered again (§132 BAO).
 */
export async function storeEbInterface(tx: Transaction, dataDir: string, invoiceId: number) {
  const document = await loadInvoiceDocument(tx, dataDir, invoiceId);
  const xml = Buffer.from(toEbInterface(document), 'utf8');
  const blob = await putBlob(tx, xml, { kind: 'invoice-ebinterface', maxBytes: MAX_BYTES });
  await tx.insert(invoiceDocuments).values({ invoiceId, kind: EBINTERFACE_KIND, blobId: blob.id });
  return xml;
}

async function storedEbInterface(db: Executor, invoiceId: number) {
  const [row] = await db
    .select({ blobId: invoiceDocuments.blobId })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, EBINTERFACE_KIND)));
  return row ? readBlob(db, row.blobId) : null;
}

/**
 * The ebInterface XML as stored at issue. Invoices issued before ebInterface existed get
 * it written once, from their stored data, under a lock on the invoice row.
 */
export async function invoiceEbInterface(deps: Pick<QuickbillDeps, 'db' | 'env'>, invoiceId: number) {
  const { db } = deps;
  const document = await loadInvoiceDocument(db, deps.env.DATA_DIR, invoiceId);
  if (!document.invoice.invoiceNumber) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Die E-Rechnung entsteht erst beim Versenden der Rechnung');
  }
  const stored = await storedEbInterface(db, invoiceId);
  if (stored) return { document, xml: stored };
  const xml = await db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return (await storedEbInterface(tx, invoiceId)) ?? storeEbInterface(tx, deps.env.DATA_DIR, invoiceId);
  });
  return { document, xml };
}

/** `ebInterface-Rechnung-2026-0001.xml` next to the PDF's `Rechnung-2026-0001.pdf`. */
export function ebInterfaceFileName(d: InvoiceDocument): string {
  return `ebInterface-${pdfFileName(d).replace(/\.pdf$/, '.xml')}`;
}

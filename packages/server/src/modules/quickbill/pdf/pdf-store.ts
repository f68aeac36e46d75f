import { and, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/executor.js';
import { invoiceDocuments, invoices } from '../../../db/schema/index.js';
import { type BlobKind, putBlob, readBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { pdfTask, renderPdf } from '../../../lib/pdf-render.js';
import { toEbInterface } from '../e-invoice/ebinterface.js';
import { embeddedFile } from '../e-invoice/embedded-file.js';
import { invoiceXml } from '../e-invoice/factur-x.js';
import { type InvoiceDocument, loadInvoiceDocument } from '../records/invoice-document.js';
import type { drawInvoiceFile } from './invoice-file.js';

const INVOICE_FILE = pdfTask<typeof drawInvoiceFile>(new URL('./invoice-file.ts', import.meta.url), 'drawInvoiceFile');

/** The PDF as sent (issued: with the Factur-X XML; drafts: previews), drawn in a worker thread. */
export function renderInvoiceFile(d: InvoiceDocument): Promise<Buffer> {
  return renderPdf(INVOICE_FILE, d);
}

/**
 * `invoice_documents.kind`: the PDF/A-3 as sent, the EN 16931 CII XML embedded in it (byte
 * for byte) and the ebInterface 6.1 XML.
 */
export type IssuedKind = 'pdf' | 'xml' | 'ebinterface';
export const ISSUED_KINDS: readonly IssuedKind[] = ['pdf', 'xml', 'ebinterface'];
const BLOB_KIND: Record<IssuedKind, BlobKind> = {
  pdf: 'invoice-pdf',
  xml: 'invoice-xml',
  ebinterface: 'invoice-ebinterface',
};
/** An invoice PDF with a logo is a few hundred KB; anything near this is a bug. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

type Documents = Partial<Record<IssuedKind, Buffer>>;

async function renderDocument(d: InvoiceDocument, kind: IssuedKind, have: Documents): Promise<Buffer> {
  if (kind === 'pdf') return renderInvoiceFile(d);
  if (kind === 'xml') {
    // The XML inside the PDF the customer received, when there is one (legacy invoices).
    const inside = have.pdf ? await embeddedFile(have.pdf, 'factur-x.xml') : null;
    return inside ?? Buffer.from(await invoiceXml(d), 'utf8');
  }
  return Buffer.from(toEbInterface(d), 'utf8');
}

async function storedBlobIds(db: Executor, invoiceId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: invoiceDocuments.kind, blobId: invoiceDocuments.blobId })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.invoiceId, invoiceId));
  return new Map(rows.map((row) => [row.kind, row.blobId]));
}

/** Stores one document of an issued invoice in the caller's transaction. */
export async function storeIssuedDocument(tx: Transaction, invoiceId: number, kind: IssuedKind, bytes: Buffer) {
  const blob = await putBlob(tx, bytes, { kind: BLOB_KIND[kind], maxBytes: MAX_DOCUMENT_BYTES });
  await tx.insert(invoiceDocuments).values({ invoiceId, kind, blobId: blob.id });
}

/**
 * Writes the documents of an issued invoice or Stornorechnung that are not stored yet —
 * at issue all three, in the transaction that takes the number, so they exist exactly
 * when the invoice does and are never rendered again (§132 BAO; decision 0341).
 */
export async function storeIssuedDocuments(tx: Transaction, invoiceId: number, document?: InvoiceDocument) {
  const d = document ?? (await loadInvoiceDocument(tx, invoiceId));
  const ids = await storedBlobIds(tx, invoiceId);
  const have: Documents = {};
  for (const kind of ISSUED_KINDS) {
    const id = ids.get(kind);
    if (id !== undefined) have[kind] = (await readBlob(tx, id)) ?? undefined;
  }
  for (const kind of ISSUED_KINDS) {
    if (have[kind]) continue;
    const bytes = await renderDocument(d, kind, have);
    await storeIssuedDocument(tx, invoiceId, kind, bytes);
    have[kind] = bytes;
  }
  return have as Record<IssuedKind, Buffer>;
}

/** A stored document of an invoice, or null when there is none of that kind. */
export async function storedDocument(db: Executor, invoiceId: number, kind: IssuedKind): Promise<Buffer | null> {
  const [row] = await db
    .select({ blobId: invoiceDocuments.blobId })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, kind)));
  return row ? readBlob(db, row.blobId) : null;
}

/**
 * A document of an issued invoice exactly as stored at issue. An invoice issued before
 * its documents were kept in PostgreSQL (and whose DATA_DIR copy did not exist at the
 * move) gets the missing ones written once, under a lock on the invoice row.
 */
export async function issuedDocument(db: Executor, invoiceId: number, kind: IssuedKind) {
  const document = await loadInvoiceDocument(db, invoiceId);
  if (!document.invoice.invoiceNumber) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Die E-Rechnung entsteht erst beim Versenden der Rechnung');
  }
  const stored = await storedDocument(db, invoiceId, kind);
  if (stored) return { document, bytes: stored };
  const all = await db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return storeIssuedDocuments(tx, invoiceId, document);
  });
  return { document, bytes: all[kind] };
}

/**
 * The invoice PDF: issued invoices exactly as sent (stored at issue, so later changes of
 * the letterhead, logo or settings never alter them); drafts rendered fresh every time.
 */
export async function invoicePdf(db: Executor, id: number) {
  const d = await loadInvoiceDocument(db, id);
  if (d.invoice.status === 'draft' || !d.invoice.invoiceNumber) return { document: d, pdf: await renderInvoiceFile(d) };
  const { bytes } = await issuedDocument(db, id, 'pdf');
  return { document: d, pdf: bytes };
}

export function pdfFileName(d: InvoiceDocument): string {
  return `${invoiceFileBase(d.invoice)}.pdf`;
}

/** `Rechnung-2026-0012`, `Stornorechnung-2026-0013`, `Rechnung-Entwurf-7`: the name of an invoice's files. */
export function invoiceFileBase(invoice: { id: number; kind: string; invoiceNumber: string | null }): string {
  const label = invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
  const number = invoice.invoiceNumber ?? `Entwurf-${invoice.id}`;
  return `${label}-${number.replace(/[^\w.-]+/g, '_')}`;
}

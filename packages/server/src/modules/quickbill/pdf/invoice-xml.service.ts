import type { Executor } from '../../../db/executor.js';
import type { InvoiceDocument } from '../records/invoice-document.js';
import { issuedDocument, pdfFileName } from './pdf-store.js';

/** The ebInterface 6.1 XML of an issued invoice as stored at issue (pdf-store.ts). */
export async function invoiceEbInterface(db: Executor, invoiceId: number) {
  const { document, bytes } = await issuedDocument(db, invoiceId, 'ebinterface');
  return { document, xml: bytes };
}

/** The EN 16931 CII XML of an issued invoice, byte for byte the one inside its PDF. */
export async function invoiceCiiXml(db: Executor, invoiceId: number) {
  const { document, bytes } = await issuedDocument(db, invoiceId, 'xml');
  return { document, xml: bytes };
}

/** `ebInterface-Rechnung-2026-0001.xml` next to the PDF's `Rechnung-2026-0001.pdf`. */
export function ebInterfaceFileName(d: InvoiceDocument): string {
  return `ebInterface-${pdfFileName(d).replace(/\.pdf$/, '.xml')}`;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../lib/errors.js';
import { toEbInterface } from '../e-invoice/ebinterface.js';
import { embedFacturX } from '../e-invoice/factur-x.js';
import { type InvoiceDocument, loadInvoiceDocument } from '../invoices/invoice-document.js';
import type { Executor } from '../shared.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The PDF as sent: issued invoices carry the Factur-X XML; drafts are previews without it. */
export async function renderInvoiceFile(d: InvoiceDocument): Promise<Buffer> {
  const pdf = await renderInvoicePdf(d);
  if (d.invoice.status === 'draft' || !d.invoice.invoiceNumber) return pdf;
  return embedFacturX(d, pdf);
}

const storedPath = (dataDir: string, id: number, extension: 'pdf' | 'ebinterface.xml') =>
  path.join(dataDir, 'invoices', `invoice-${id}.${extension}`);

async function readStored(dataDir: string, id: number, extension: 'pdf' | 'ebinterface.xml') {
  return fs.readFile(storedPath(dataDir, id, extension)).catch(() => null);
}

async function store(dataDir: string, id: number, extension: 'pdf' | 'ebinterface.xml', content: Buffer) {
  const file = storedPath(dataDir, id, extension);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, content, { mode: 0o600 });
  await fs.rename(temp, file);
}

/**
 * Issued invoices are kept as sent (§132 BAO): the first rendering is stored in
 * DATA_DIR/invoices and served from then on, so later changes of the letterhead or
 * settings never alter an issued document. The ebInterface XML is written in the same
 * moment from the same data. Drafts are rendered fresh every time.
 */
export async function invoicePdf(db: Executor, dataDir: string, id: number) {
  const d = await loadInvoiceDocument(db, dataDir, id);
  if (d.invoice.status === 'draft') return { document: d, pdf: await renderInvoiceFile(d) };
  const stored = await readStored(dataDir, id, 'pdf');
  if (stored) return { document: d, pdf: stored };
  const pdf = await renderInvoiceFile(d);
  if (!(await readStored(dataDir, id, 'ebinterface.xml'))) {
    await store(dataDir, id, 'ebinterface.xml', Buffer.from(toEbInterface(d), 'utf8'));
  }
  await store(dataDir, id, 'pdf', pdf);
  return { document: d, pdf };
}

/**
 * The ebInterface 6.1 XML of an issued invoice or Stornorechnung as stored at issue.
 * Invoices issued before ebInterface existed get it written once, from their stored data.
 */
export async function invoiceEbInterface(db: Executor, dataDir: string, id: number) {
  const d = await loadInvoiceDocument(db, dataDir, id);
  if (!d.invoice.invoiceNumber) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Die E-Rechnung entsteht erst beim Versenden der Rechnung');
  }
  const stored = await readStored(dataDir, id, 'ebinterface.xml');
  if (stored) return { document: d, xml: stored };
  const xml = Buffer.from(toEbInterface(d), 'utf8');
  await store(dataDir, id, 'ebinterface.xml', xml);
  return { document: d, xml };
}

/** `ebInterface-Rechnung-2026-0001.xml` next to the PDF's `Rechnung-2026-0001.pdf`. */
export function ebInterfaceFileName(d: InvoiceDocument): string {
  return `ebInterface-${pdfFileName(d).replace(/\.pdf$/, '.xml')}`;
}

export function pdfFileName(d: InvoiceDocument): string {
  const label = d.invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
  const number = d.invoice.invoiceNumber ?? `Entwurf-${d.invoice.id}`;
  return `${label}-${number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

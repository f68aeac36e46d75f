import fs from 'node:fs/promises';
import path from 'node:path';
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

const storedPath = (dataDir: string, id: number) => path.join(dataDir, 'invoices', `invoice-${id}.pdf`);

/**
 * Issued invoices are kept as sent (§132 BAO): the first rendering is stored in
 * DATA_DIR/invoices and served from then on, so later changes of the letterhead or
 * settings never alter an issued document. Drafts are rendered fresh every time.
 */
export async function invoicePdf(db: Executor, dataDir: string, id: number) {
  const d = await loadInvoiceDocument(db, dataDir, id);
  if (d.invoice.status === 'draft') return { document: d, pdf: await renderInvoiceFile(d) };
  const file = storedPath(dataDir, id);
  const stored = await fs.readFile(file).catch(() => null);
  if (stored) return { document: d, pdf: stored };
  const pdf = await renderInvoiceFile(d);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, pdf, { mode: 0o600 });
  await fs.rename(temp, file);
  return { document: d, pdf };
}

export function pdfFileName(d: InvoiceDocument): string {
  const label = d.invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
  const number = d.invoice.invoiceNumber ?? `Entwurf-${d.invoice.id}`;
  return `${label}-${number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

import { asBuffer } from '../../../lib/pdf-render.js';
import { embedFacturX } from '../e-invoice/factur-x.js';
import type { InvoiceDocument } from '../records/invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/**
 * The invoice PDF as sent: issued invoices carry the Factur-X XML (PDF/A-3); drafts are
 * previews without it. Drawn in a worker thread (pdf-store.ts, decision 0701), where the
 * document arrives as plain data: the logo as a Uint8Array.
 */
export async function drawInvoiceFile(input: InvoiceDocument): Promise<Buffer> {
  const d = { ...input, logo: input.logo ? asBuffer(input.logo) : null };
  const pdf = await renderInvoicePdf(d);
  if (d.invoice.status === 'draft' || !d.invoice.invoiceNumber) return pdf;
  return embedFacturX(d, pdf);
}

import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

type InvoiceRef = { id: number; invoice_number: string | null; kind?: 'invoice' | 'credit_note' };

/** File name of an invoice document: its number, or 'Entwurf-{id}' before it has one (as the server names it). */
export function invoiceFileName(invoice: InvoiceRef, extension: 'pdf' | 'xml') {
  const base = invoice.invoice_number ? invoice.invoice_number.replace(/[^\w.-]+/g, '_') : `Entwurf-${invoice.id}`;
  return `${invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung'}-${base}.${extension}`;
}

export async function downloadInvoicePdf(invoice: InvoiceRef) {
  saveBlob(await apiDownload(`/api/quickbill/invoices/${invoice.id}/pdf`), invoiceFileName(invoice, 'pdf'));
}

export async function downloadInvoiceXml(invoice: InvoiceRef) {
  saveBlob(await apiDownload(`/api/quickbill/invoices/${invoice.id}/xml`), invoiceFileName(invoice, 'xml'));
}

/** ebInterface 6.1, Austria's e-invoice format (e-rechnung.gv.at), as stored at issue. */
export async function downloadInvoiceEbInterface(invoice: InvoiceRef) {
  saveBlob(
    await apiDownload(`/api/quickbill/invoices/${invoice.id}/ebinterface`),
    `ebInterface-${invoiceFileName(invoice, 'xml')}`,
  );
}

/** POST bulk-download: a ZIP of the selected invoices' PDFs. */
export async function downloadInvoicesZip(ids: number[]) {
  const blob = await apiDownload('/api/quickbill/invoices/bulk-download', { method: 'POST', body: { ids } });
  saveBlob(blob, 'Rechnungen.zip');
}

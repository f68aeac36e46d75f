import { apiDownload } from '../../../lib/api-client';

/** Saves a downloaded Blob under `filename` (object URL + temporary link; CSP-safe). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser needs the URL until the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** File name of an invoice document: its number, or 'Entwurf-{id}' before it has one. */
export function invoiceFileName(invoice: { id: number; invoice_number: string | null }, extension: 'pdf' | 'xml') {
  const base = invoice.invoice_number ? invoice.invoice_number.replace(/[^\w.-]+/g, '_') : `Entwurf-${invoice.id}`;
  return `Rechnung-${base}.${extension}`;
}

export async function downloadInvoicePdf(invoice: { id: number; invoice_number: string | null }) {
  saveBlob(await apiDownload(`/api/quickbill/invoices/${invoice.id}/pdf`), invoiceFileName(invoice, 'pdf'));
}

export async function downloadInvoiceXml(invoice: { id: number; invoice_number: string | null }) {
  saveBlob(await apiDownload(`/api/quickbill/invoices/${invoice.id}/xml`), invoiceFileName(invoice, 'xml'));
}

/** POST bulk-download: a ZIP of the selected invoices' PDFs. */
export async function downloadInvoicesZip(ids: number[]) {
  const blob = await apiDownload('/api/quickbill/invoices/bulk-download', { method: 'POST', body: { ids } });
  saveBlob(blob, 'Rechnungen.zip');
}

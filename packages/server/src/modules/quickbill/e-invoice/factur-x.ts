import { InvoiceService } from '@e-invoice-eu/core';
import type { InvoiceDocument } from '../invoices/invoice-document.js';
import { toEn16931 } from './en16931.js';

/** e-invoice-eu logs warnings through this; they are not for the user. */
const quiet = { log() {}, warn() {}, error() {} };
const service = new InvoiceService(quiet);

/** The EN 16931 CII XML (Factur-X profile EN 16931) of an issued invoice. */
export async function invoiceXml(d: InvoiceDocument): Promise<string> {
  const xml = await service.generate(toEn16931(d), { format: 'CII', lang: 'de', noWarnings: true });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/**
 * Embeds the XML as 'factur-x.xml' (AFRelationship Alternative) and turns the PDF into
 * PDF/A-3 with the Factur-X XMP metadata (conformance level EN 16931).
 */
export async function embedFacturX(d: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  const result = await service.generate(toEn16931(d), {
    format: 'Factur-X-EN16931',
    lang: 'de',
    noWarnings: true,
    pdf: { buffer: pdf, filename: `${d.invoice.invoiceNumber}.pdf`, mimetype: 'application/pdf' },
  });
  return Buffer.from(result as Uint8Array);
}

import { formatDate } from '@butler/contract/format';
import { FormatFactoryService, type Invoice, InvoiceService } from '@e-invoice-eu/core';
import { documentTitle, type InvoiceDocument } from '../records/invoice-document.js';
import { toEn16931 } from './en16931.js';
import { finishPdfA } from './pdf-a.js';

/** e-invoice-eu logs warnings through this; they are not for the user. */
const quiet = { log() {}, warn() {}, error() {} };
const factory = new FormatFactoryService();

/**
 * Runs one e-invoice-eu format directly. InvoiceService.generate would first compile the
 * library's JSON schema of the input (0.3–1 s per call, which serialised parallel sends);
 * the builder's output is typed against the library's `Invoice` interface and the tests
 * run it through the full, validating InvoiceService (see `generateValidated`).
 */
async function generate(invoice: Invoice, options: { format: string; pdf?: Buffer; filename?: string }) {
  const formatter = withSchemaFixes(factory.createFormatService(options.format, quiet));
  const input = withFlatBillingReference(structuredClone(invoice));
  formatter.fillInvoiceDefaults(input);
  return formatter.generate(input, {
    format: factory.normalizeFormat(options.format),
    lang: 'de',
    noWarnings: true,
    ...(options.pdf
      ? { pdf: { buffer: options.pdf, filename: options.filename ?? 'invoice.pdf', mimetype: 'application/pdf' } }
      : {}),
  });
}

/**
 * e-invoice-eu 2.3.4 writes BT-26 (the date of the invoice a credit note cancels) as
 * `ram:FormattedIssueDateTime/udt:DateTimeString format="102"` holding `2026-11-20`: the
 * Factur-X / CII schema wants a `qdt:DateTimeString` there (the qdt namespace is declared
 * on the root), and format 102 means `YYYYMMDD`. The CII and Factur-X services render
 * through `renderXML` on the instance, so the fix is applied to the rendered XML before
 * the PDF embeds it. The XSD and schematron tests guard it.
 */
export function qualifyFormattedIssueDate(xml: string): string {
  return xml.replace(
    /(<ram:FormattedIssueDateTime>\s*)<(?:udt|qdt):DateTimeString\b([^>]*)>([^<]*)<\/(?:udt|qdt):DateTimeString>/g,
    (_match, open: string, attributes: string, value: string) => {
      const date = /format="102"/.test(attributes)
        ? value.trim().replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1$2$3')
        : value;
      return `${open}<qdt:DateTimeString${attributes}>${date}</qdt:DateTimeString>`;
    },
  );
}

/**
 * The portal's payee is always the seller. e-invoice-eu maps the SEPA creditor identifier
 * (BT-90, `ram:CreditorReferenceID`) only from `cac:PayeeParty/cac:PartyIdentification`, so a
 * direct-debit invoice passes the seller as payee and the payee party is dropped from the
 * CII again: a payee equal to the seller breaks BR-17 (decision 0602).
 */
export function withoutPayeeParty(xml: string): string {
  return xml.replace(/[ \t]*<ram:PayeeTradeParty>[\s\S]*?<\/ram:PayeeTradeParty>\r?\n?/, '');
}

function withSchemaFixes<T extends object>(formatter: T): T {
  const xmlService = formatter as T & { renderXML(data: object): string };
  const render = xmlService.renderXML.bind(formatter);
  xmlService.renderXML = (data: object) => withoutPayeeParty(qualifyFormattedIssueDate(render(data)));
  return formatter;
}

/**
 * e-invoice-eu 2.3.4 maps BT-25/BT-26 (preceding invoice) for CII from
 * `cac:BillingReference[i]/cbc:ID`, while its input schema nests them in
 * `cac:InvoiceDocumentReference`; without this copy a credit note would lose the
 * reference to the invoice it cancels.
 */
function withFlatBillingReference(invoice: Invoice): Invoice {
  const refs = invoice['ubl:Invoice']['cac:BillingReference'];
  if (refs) {
    (invoice['ubl:Invoice'] as any)['cac:BillingReference'] = refs.map((ref) => ({
      ...ref,
      ...ref['cac:InvoiceDocumentReference'],
    }));
  }
  return invoice;
}

/** The full library path including its input validation; used by the tests. */
export function generateValidated(d: InvoiceDocument, format: 'CII' | 'Factur-X-EN16931', pdf?: Buffer) {
  return new InvoiceService(quiet).generate(toEn16931(d), {
    format,
    lang: 'de',
    noWarnings: true,
    ...(pdf ? { pdf: { buffer: pdf, filename: 'invoice.pdf', mimetype: 'application/pdf' } } : {}),
  });
}

/** The EN 16931 CII XML of an issued invoice, as embedded in its PDF. */
export async function invoiceXml(d: InvoiceDocument): Promise<string> {
  const xml = await generate(toEn16931(d), { format: 'CII' });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/**
 * Embeds the XML as 'factur-x.xml' (AFRelationship Alternative) and turns the PDF into
 * PDF/A-3 with the Factur-X XMP metadata (conformance level EN 16931); `finishPdfA`
 * writes that metadata as UTF-8 and makes the info dictionary agree with it.
 */
export async function embedFacturX(d: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  const result = await generate(toEn16931(d), {
    format: 'Factur-X-EN16931',
    pdf,
    filename: `${d.invoice.invoiceNumber}.pdf`,
  });
  const title = `${documentTitle(d)} ${d.invoice.invoiceNumber}`;
  return finishPdfA(result as Uint8Array, {
    title,
    author: d.settings.companyName,
    subject: `${title} vom ${formatDate(d.invoice.invoiceDate)} an ${d.invoice.customerName}`,
    keywords: [documentTitle(d), 'Factur-X', 'ZUGFeRD', 'EN 16931'],
    xmlFileName: 'factur-x.xml',
    conformanceLevel: 'EN 16931',
    date: d.invoice.sentAt ?? new Date(),
  });
}

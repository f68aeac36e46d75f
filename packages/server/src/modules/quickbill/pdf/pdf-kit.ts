import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { logoProblem } from '../settings/logo-limits.js';
import type { ProviderSettings } from '../settings/provider-settings.repo.js';

/** A4 in points, 2 cm side margins (DIN 5008-like letter layout). */
export const PAGE = { width: 595.28, height: 841.89, left: 56, right: 539.28, top: 48, bottomLimit: 740 };

/**
 * DejaVu Sans Condensed (npm dejavu-fonts-ttf), embedded as subsets: PDF/A needs every
 * font embedded (ISO 19005-3 6.2.11.4.1), and every German character (ä ö ü ß „ “ – €)
 * then looks the same in every viewer. Condensed keeps Helvetica's line widths.
 */
export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' };

let fontFiles: Record<string, Buffer> | undefined;
function fonts() {
  if (!fontFiles) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = {
      [FONT.regular]: readFileSync(path.join(dir, 'DejaVuSansCondensed.ttf')),
      [FONT.bold]: readFileSync(path.join(dir, 'DejaVuSansCondensed-Bold.ttf')),
    };
  }
  return fontFiles;
}
export const COLOR = { text: '#1f2933', muted: '#52606d', line: '#cbd2d9', accent: '#0b4f6c' };

export function createDocument(title: string) {
  const doc = new PDFDocument({
    size: 'A4',
    pdfVersion: '1.7',
    margins: { top: PAGE.top, left: PAGE.left, right: PAGE.width - PAGE.right, bottom: 40 },
    bufferPages: true,
    info: { Title: title, Author: 'Butler-Portal', Creator: 'Butler-Portal Quickbill' },
    lang: 'de-AT',
    // The default font, so no standard (non-embedded) Helvetica is ever created.
    font: fonts()[FONT.regular] as unknown as string,
  });
  for (const [name, data] of Object.entries(fonts())) doc.registerFont(name, data);
  return doc.font(FONT.regular);
}

/** Ends the document and collects its bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The provider's identity line(s) every page carries (§14 UGB / §11 UStG details). */
export function footerLines(s: ProviderSettings): string[] {
  const address = [s.street, [s.postalCode, s.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const register = [s.companyRegister && `Firmenbuch ${s.companyRegister}`, s.companyCourt].filter(Boolean).join(', ');
  const first = [s.companyName, address, s.uid && `UID ${s.uid}`, s.taxNumber && `St.-Nr. ${s.taxNumber}`, register]
    .filter(Boolean)
    .join(' · ');
  const bank = [s.bankName, s.iban && `IBAN ${formatIban(s.iban)}`, s.bic && `BIC ${s.bic}`]
    .filter(Boolean)
    .join(' · ');
  const contact = [s.contactEmail, s.contactPhone].filter(Boolean).join(' · ');
  return [first, [bank, contact].filter(Boolean).join(' · '), s.invoiceFooter].filter((l) => l?.trim());
}

export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/** Footer and page numbers on every buffered page. */
export function drawFooters(doc: PDFKit.PDFDocument, s: ProviderSettings) {
  const range = doc.bufferedPageRange();
  const lines = footerLines(s);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not open a new page
    let y = PAGE.height - 34 - lines.length * 9;
    doc
      .moveTo(PAGE.left, y - 6)
      .lineTo(PAGE.right, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc.font(FONT.regular).fontSize(7).fillColor(COLOR.muted);
    for (const line of lines) {
      doc.text(line, PAGE.left, y, { width: PAGE.right - PAGE.left, align: 'center', lineBreak: false });
      y += 9;
    }
    doc.text(`Seite ${i - range.start + 1} von ${range.count}`, PAGE.left, y + 2, {
      width: PAGE.right - PAGE.left,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Letterhead: logo (if any) top right, company name and sender line, recipient window. */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  s: ProviderSettings,
  logo: Buffer | null,
  recipient: { name: string; address: string; uid?: string | null },
) {
  // A logo stored before its pixels were checked is left out rather than decoded (decision 0505).
  if (logo && logoProblem(logo) === null) {
    try {
      doc.image(logo, PAGE.right - 140, PAGE.top, { fit: [140, 60], align: 'right' });
    } catch {
      // A broken logo must not stop an invoice; the name below identifies the provider.
    }
  }
  doc.font(FONT.bold).fontSize(16).fillColor(COLOR.accent).text(s.companyName, PAGE.left, PAGE.top, { width: 300 });
  const address = [s.street, [s.postalCode, s.city].filter(Boolean).join(' ')].filter(Boolean);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(address.join('\n'), { width: 300 });
  if (s.uid) doc.text(`UID: ${s.uid}`, { width: 300 });
  if (s.taxNumber) doc.text(`Steuernummer: ${s.taxNumber}`, { width: 300 });

  const senderLine = [s.companyName, ...address].join(' · ');
  doc.fontSize(7).fillColor(COLOR.muted).text(senderLine, PAGE.left, 140, { width: 250, lineBreak: false });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text).text(recipient.name, PAGE.left, 154, { width: 250 });
  if (recipient.address) doc.text(recipient.address, { width: 250 });
  if (recipient.uid) doc.text(`UID: ${recipient.uid}`, { width: 250 });
}

/** Label/value rows in the right-hand info column. */
export function drawInfoBox(doc: PDFKit.PDFDocument, rows: Array<[string, string]>, top = 140) {
  let y = top;
  for (const [label, value] of rows) {
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(label, 340, y, { width: 100, lineBreak: false });
    doc
      .font(FONT.bold)
      .fillColor(COLOR.text)
      .text(value, 418, y, { width: PAGE.right - 418, align: 'right' });
    y += 14;
  }
}

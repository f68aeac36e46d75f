import { formatDate, formatNumber } from '@butler/contract/format';
import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { monthDisplay } from '../../domain/calendar.js';
import { asBuffer } from '../../lib/pdf-render.js';
import {
  COLOR,
  createDocument,
  drawFooters,
  drawInfoBox,
  drawLetterhead,
  FONT,
  PAGE,
  toBuffer,
} from '../quickbill/pdf/pdf-kit.js';
import { drawEntryTable } from '../quickbill/pdf/time-sheet.js';
import type { ProviderSettings } from '../quickbill/settings/provider-settings.repo.js';
import { correctionTitle, drawCorrection, type StatementCorrection } from './statement-correction-pdf.js';
import type { StatementData, StatementEntry } from './statement-data.service.js';

const h = (value: number) => `${formatNumber(value)} h`;
const signed = (value: number) => (value < 0 ? `−${formatNumber(-value)} h` : h(value));

/** What the earlier months add to the month: a carry-over, or their overuse said as such. */
function carryFact(carry: number): Array<[string, string]> {
  if (Math.round(carry * 100) > 0) return [['Übertrag aus den Vormonaten', `+${h(carry)}`]];
  if (Math.round(carry * 100) < 0) return [['Mehrverbrauch der Vormonate', signed(carry)]];
  return [];
}

function section(doc: PDFKit.PDFDocument, title: string, entries: StatementEntry[], facts: Array<[string, string]>) {
  if (doc.y + 120 > PAGE.bottomLimit) doc.addPage();
  doc.moveDown(1);
  doc.font(FONT.bold).fontSize(12).fillColor(COLOR.accent).text(title, PAGE.left, doc.y);
  doc.moveDown(0.4);
  if (entries.length === 0) {
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text('Keine Buchungen in diesem Monat.', PAGE.left);
  } else {
    drawEntryTable(doc, entries);
  }
  doc
    .moveTo(PAGE.left, doc.y + 2)
    .lineTo(PAGE.right, doc.y + 2)
    .lineWidth(0.5)
    .strokeColor(COLOR.line)
    .stroke();
  doc.y += 8;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(label, 250, y, { width: 150, lineBreak: false });
    doc
      .font(FONT.bold)
      .fillColor(COLOR.text)
      .text(value, 380, y, { width: PAGE.right - 380, align: 'right', lineBreak: false });
    doc.y = y + 14;
  }
}

/** What a Monatsübersicht shows: the month's figures, the provider's letterhead and, for a correction, what changed. */
export type StatementPdfInput = {
  data: StatementData;
  settings: ProviderSettings;
  logo: Uint8Array | null;
  correction?: StatementCorrection;
};

/**
 * The Monatsübersicht as a letter in the invoices' letterhead (embedded DejaVu fonts); a
 * correction is marked in its title and says at the top what changed (decision 0771). Drawn
 * in a worker thread (statement-pdfs.ts, decision 0701).
 */
export async function drawStatementPdf({
  data,
  settings,
  logo: logoBytes,
  correction,
}: StatementPdfInput): Promise<Buffer> {
  const logo = logoBytes ? asBuffer(logoBytes) : null;
  const title = `Monatsübersicht ${monthDisplay(data.month)}${correction ? ` – ${correctionTitle(correction)}` : ''}`;
  const doc = createDocument(title);
  drawLetterhead(doc, settings, logo, { name: data.customer.name, address: data.customer.address });
  drawInfoBox(doc, [
    ['Monat', monthDisplay(data.month)],
    ['Kundennummer', String(data.customer.id)],
  ]);
  doc.y = 240;
  doc.font(FONT.bold).fontSize(15).fillColor(COLOR.accent).text(title, PAGE.left, doc.y);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(LETTER_TEXTS[settings.customerVoice].statementPdfIntro, {
      width: PAGE.right - PAGE.left,
    });
  if (correction) drawCorrection(doc, settings.customerVoice, correction);
  const b = data.butler;
  section(doc, 'ButlerPaket', b.entries, [
    ...(b.period
      ? ([['Abrechnungszeitraum', `${formatDate(b.period.start)} – ${formatDate(b.period.end)}`]] as Array<
          [string, string]
        >)
      : []),
    ['Kontingent des Monats', h(b.figures.hours_total)],
    ['Genutzt', h(b.figures.hours_used)],
    // The lounge's sum under the ring, at the month's end (decision 0742): no "rest of the
    // month" that reads as usable when earlier months were overused.
    ...carryFact(b.carryOver),
    ['Verfügbar am Monatsende', signed(b.balance)],
  ]);
  const p = data.packages;
  section(doc, 'Stundenpakete', p.entries, [
    ['Verfügbar im Monat', h(p.figures.hours_total)],
    ['Genutzt', h(p.figures.hours_used)],
    ['Verbleibend', signed(p.figures.hours_open)],
  ]);
  drawFooters(doc, settings);
  return toBuffer(doc);
}

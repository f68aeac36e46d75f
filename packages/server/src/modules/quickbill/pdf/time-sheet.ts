import { formatDate, formatNumber } from '@butler/contract/format';
import { hundredthsToString, sum } from '../../../domain/decimal.js';
import type { InvoiceDocument } from '../records/invoice-document.js';
import { COLOR, FONT, PAGE } from './pdf-kit.js';

/** One row of a time-entry table (Leistungsnachweis, Monatsübersicht). */
export type EntryRow = { date: string; project: string; activity: string; hours: number | string };

/**
 * The time-entry table of the Leistungsnachweis and the Monatsübersicht: Datum, Projekt,
 * Tätigkeit, Stunden, with the header repeated on every new page.
 */
export function drawEntryTable(doc: PDFKit.PDFDocument, rows: EntryRow[]) {
  const header = () => {
    const y = doc.y;
    doc.font(FONT.bold).fontSize(9).fillColor(COLOR.text);
    doc.text('Datum', PAGE.left, y, { width: 60 });
    doc.text('Projekt', 120, y, { width: 100 });
    doc.text('Tätigkeit', 225, y, { width: 250 });
    doc.text('Stunden', 480, y, { width: PAGE.right - 480, align: 'right' });
    doc
      .moveTo(PAGE.left, doc.y + 2)
      .lineTo(PAGE.right, doc.y + 2)
      .lineWidth(0.7)
      .strokeColor(COLOR.text)
      .stroke();
    doc.y += 6;
  };
  header();
  for (const row of rows) {
    if (doc.y + 24 > PAGE.bottomLimit) {
      doc.addPage();
      doc.y = PAGE.top;
      header();
    }
    const y = doc.y;
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
    doc.text(formatDate(row.date), PAGE.left, y, { width: 60 });
    doc.text(row.project, 120, y, { width: 100 });
    const afterProject = doc.y;
    doc.text(row.activity, 225, y, { width: 250 });
    const afterActivity = doc.y;
    doc.text(formatNumber(row.hours), 480, y, { width: PAGE.right - 480, align: 'right' });
    doc.y = Math.max(afterProject, afterActivity, doc.y) + 3;
  }
}

/** Leistungsnachweis: the invoice's time entries on pages of their own. */
export function drawTimeSheet(doc: PDFKit.PDFDocument, d: InvoiceDocument, number: string, period: string) {
  doc.addPage();
  doc.font(FONT.bold).fontSize(15).fillColor(COLOR.accent).text(`Leistungsnachweis zu ${number}`, PAGE.left, PAGE.top);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(`${d.invoice.customerName} · Zeitraum ${period}`);
  doc.moveDown(1);
  drawEntryTable(
    doc,
    d.timeEntries.map((e) => ({
      date: e.workDate,
      project: e.projectName,
      activity: e.activityDescription,
      hours: e.hours,
    })),
  );
  const total = hundredthsToString(sum(d.timeEntries.map((e) => e.hours)));
  doc.moveTo(PAGE.left, doc.y).lineTo(PAGE.right, doc.y).lineWidth(0.5).strokeColor(COLOR.line).stroke();
  doc.y += 4;
  doc
    .font(FONT.bold)
    .text(`Summe: ${formatNumber(total)} Stunden`, PAGE.left, doc.y, { width: PAGE.right - PAGE.left, align: 'right' });
}

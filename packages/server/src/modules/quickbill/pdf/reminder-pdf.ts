import { formatDate, formatEuro } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { formatCreditorReference } from '../../../domain/creditor-reference.js';
import { fromHundredths } from '../../../domain/decimal.js';
import { asBuffer } from '../../../lib/pdf-render.js';
import type { InvoiceDocument } from '../records/invoice-document.js';
import { canPayByCode, epcQrPng } from './epc-qr.js';
import {
  COLOR,
  createDocument,
  drawFooters,
  drawInfoBox,
  drawLetterhead,
  FONT,
  formatIban,
  PAGE,
  toBuffer,
} from './pdf-kit.js';

/** The figures of one reminder letter (decision 0582), all in cents. */
export type ReminderLetter = {
  level: number;
  date: string;
  payBy: string;
  /** The level's text from the settings (after "Sehr geehrte …,"). */
  text: string;
  receivedCents: bigint;
  openCents: bigint;
  /** Mahnspesen of this and the earlier levels. */
  feeCents: bigint;
  interestCents: bigint;
  /** "10,73 % p.a. (§ 456 UGB, Basiszinssatz 1,53 % seit 01.01.2026)" when interest is charged. */
  interestBasis: string | null;
};

/** Each level's own heading and closing: friendly, then firm, then final (decision 0582). */
const TONE = [
  { heading: 'Zahlungserinnerung', closing: 'Vielen Dank für Ihre rasche Erledigung.' },
  { heading: '1. Mahnung', closing: 'Wir ersuchen um Zahlung bis zum genannten Datum.' },
  {
    heading: '2. und letzte Mahnung',
    closing:
      'Dies ist unsere letzte Aufforderung vor der Übergabe an ein Inkassobüro oder der gerichtlichen Geltendmachung.',
  },
];

function amountRows(d: InvoiceDocument, l: ReminderLetter): Array<[string, string, boolean?]> {
  const rows: Array<[string, string, boolean?]> = [['Rechnungsbetrag', formatEuro(d.invoice.totalGross)]];
  if (l.receivedCents > 0n) rows.push(['bereits bezahlt', `− ${formatEuro(fromHundredths(l.receivedCents))}`]);
  rows.push(['offener Rechnungsbetrag', formatEuro(fromHundredths(l.openCents))]);
  if (l.feeCents > 0n) rows.push(['Mahnspesen', formatEuro(fromHundredths(l.feeCents))]);
  if (l.interestCents > 0n && l.interestBasis) {
    rows.push([`Verzugszinsen bis ${formatDate(l.date)}`, formatEuro(fromHundredths(l.interestCents))]);
  }
  rows.push(['Zu bezahlen', formatEuro(fromHundredths(l.openCents + l.feeCents + l.interestCents)), true]);
  return rows;
}

/**
 * Zahlungserinnerung (level 1), 1. Mahnung (2), 2. Mahnung (3) as a letter with payment code.
 * Drawn in a worker thread (reminder.service.ts, decision 0701): the logo arrives as a Uint8Array.
 */
export async function drawReminderPdf({ document, letter }: { document: InvoiceDocument; letter: ReminderLetter }) {
  const d = { ...document, logo: document.logo ? asBuffer(document.logo) : null };
  const { invoice, settings } = d;
  const label = REMINDER_LABELS[letter.level - 1];
  const tone = TONE[letter.level - 1];
  const number = invoice.invoiceNumber ?? '';
  const doc = createDocument(`${label} ${number}`);
  drawLetterhead(doc, settings, d.logo, { name: invoice.customerName, address: invoice.customerAddress });
  drawInfoBox(doc, [
    ['Datum', formatDate(letter.date)],
    ['Rechnungsnummer', number],
    ['Rechnungsdatum', formatDate(invoice.invoiceDate)],
    ['Fällig seit', formatDate(invoice.dueDate)],
  ]);
  doc.y = 250;
  const color = letter.level === 1 ? COLOR.accent : COLOR.text;
  doc.font(FONT.bold).fontSize(15).fillColor(color).text(`${tone.heading} zur Rechnung ${number}`, PAGE.left, doc.y);
  doc.moveDown(1);
  const width = PAGE.right - PAGE.left;
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.text('Sehr geehrte Damen und Herren,', { width });
  doc.moveDown(0.5).text(letter.text, { width });
  doc.moveDown(0.8);
  for (const [name, value, total] of amountRows(d, letter)) {
    const y = doc.y;
    doc.font(total ? FONT.bold : FONT.regular).text(name, PAGE.left, y, { width: 300 });
    doc.text(value, PAGE.left + 300, y, { width: 150, align: 'right' });
  }
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
  if (letter.interestCents > 0n && letter.interestBasis) {
    doc.text(
      `Verzugszinsen ${letter.interestBasis} ab ${formatDate(invoice.dueDate)} (Fälligkeit).`,
      PAGE.left,
      doc.y + 2,
      {
        width,
      },
    );
  }
  doc.fontSize(10).fillColor(COLOR.text).moveDown(0.8);
  doc.text(`Bitte überweisen Sie den Betrag bis spätestens ${formatDate(letter.payBy)}.`, PAGE.left, doc.y, { width });
  if (settings.iban) {
    doc.text(`Bankverbindung: IBAN ${formatIban(settings.iban)}${settings.bic ? `, BIC ${settings.bic}` : ''}`, {
      width,
    });
  }
  doc.text(`Verwendungszweck: ${number}`, { width });
  if (invoice.paymentReference) doc.text(`Zahlungsreferenz: ${formatCreditorReference(invoice.paymentReference)}`);
  doc.moveDown(0.5).text(tone.closing, { width });
  doc.moveDown(1).text(`Mit freundlichen Grüßen\n${settings.companyName}`, { width });
  const due = letter.openCents + letter.feeCents + letter.interestCents;
  if (canPayByCode(settings.iban, due)) {
    const png = await epcQrPng({
      bic: settings.bic,
      name: settings.companyName,
      iban: settings.iban,
      amountCents: due,
      reference: invoice.paymentReference ?? null,
      information: `${label} ${number}`,
    });
    const top = doc.y + 16;
    doc.image(png, PAGE.left, top, { width: 90 });
    doc
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text('Zahlen mit Code', PAGE.left, top + 92, { width: 90, align: 'center' });
  }
  drawFooters(doc, settings);
  return toBuffer(doc);
}

import { formatDate, formatEuro } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { toHundredths } from '../../../domain/decimal.js';
import type { InvoiceDocument } from '../invoices/invoice-document.js';
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

const INTRO = [
  'sicher ist es Ihrer Aufmerksamkeit entgangen: Die unten angeführte Rechnung ist noch nicht beglichen.',
  'trotz unserer Zahlungserinnerung konnten wir für die unten angeführte Rechnung noch keinen Zahlungseingang feststellen.',
  'leider ist die unten angeführte Rechnung trotz Erinnerung und Mahnung weiterhin offen. Bitte begleichen Sie den Betrag umgehend, um weitere Schritte zu vermeiden.',
];

/** Zahlungserinnerung (level 1), 1. Mahnung (2), 2. Mahnung (3) as a letter with payment code. */
export async function renderReminderPdf(d: InvoiceDocument, level: number, date: string, payBy: string) {
  const { invoice, settings } = d;
  const label = REMINDER_LABELS[level - 1];
  const number = invoice.invoiceNumber ?? '';
  const doc = createDocument(`${label} ${number}`);
  drawLetterhead(doc, settings, d.logo, { name: invoice.customerName, address: invoice.customerAddress });
  drawInfoBox(doc, [
    ['Datum', formatDate(date)],
    ['Rechnungsnummer', number],
    ['Rechnungsdatum', formatDate(invoice.invoiceDate)],
    ['Fällig seit', formatDate(invoice.dueDate)],
  ]);
  doc.y = 250;
  doc.font(FONT.bold).fontSize(15).fillColor(COLOR.accent).text(`${label} zur Rechnung ${number}`, PAGE.left, doc.y);
  doc.moveDown(1);
  const width = PAGE.right - PAGE.left;
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.text('Sehr geehrte Damen und Herren,', { width });
  doc.moveDown(0.5).text(INTRO[level - 1], { width });
  doc.moveDown(0.8);
  doc.font(FONT.bold).text(`Offener Betrag: ${formatEuro(invoice.totalGross)}`, { width });
  doc.font(FONT.regular).moveDown(0.5);
  doc.text(`Bitte überweisen Sie den offenen Betrag bis spätestens ${formatDate(payBy)}.`, { width });
  if (settings.iban) {
    doc.text(`Bankverbindung: IBAN ${formatIban(settings.iban)}${settings.bic ? `, BIC ${settings.bic}` : ''}`, {
      width,
    });
  }
  doc.text(`Verwendungszweck: ${number}`, { width });
  doc
    .moveDown(0.5)
    .text('Sollten Sie in der Zwischenzeit bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.', {
      width,
    });
  doc.moveDown(1).text(`Mit freundlichen Grüßen\n${settings.companyName}`, { width });
  const gross = toHundredths(invoice.totalGross);
  if (canPayByCode(settings.iban, gross)) {
    const png = await epcQrPng({
      bic: settings.bic,
      name: settings.companyName,
      iban: settings.iban,
      amountCents: gross,
      reference: number,
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

import { formatDate, formatEuro, formatNumber } from '@butler/contract/format';
import { maskIban } from '@butler/contract/sepa-rules';
import { TAX_EXEMPTION_INFO, type TaxExemption, taxGroupLabel } from '@butler/contract/vat';
import { formatCreditorReference } from '../../../domain/creditor-reference.js';
import { fromHundredths, num, toHundredths } from '../../../domain/decimal.js';
import { computeInvoiceTotals } from '../../../domain/invoice-totals.js';
import { documentTitle, type InvoiceDocument } from '../records/invoice-document.js';
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
import { drawTimeSheet } from './time-sheet.js';

const COLS = {
  pos: { x: 56, w: 22, align: 'left' },
  desc: { x: 80, w: 200, align: 'left' },
  qty: { x: 284, w: 46, align: 'right' },
  unit: { x: 336, w: 38, align: 'left' },
  price: { x: 376, w: 64, align: 'right' },
  tax: { x: 444, w: 30, align: 'right' },
  net: { x: 478, w: 61, align: 'right' },
} as const;
type Col = keyof typeof COLS;

export function servicePeriodText(start: string | null, end: string | null, fallback: string): string {
  const from = start ?? fallback;
  const to = end ?? from;
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number, onNewPage?: () => void) {
  if (doc.y + height > PAGE.bottomLimit) {
    doc.addPage();
    doc.y = PAGE.top;
    onNewPage?.();
  }
}

function row(doc: PDFKit.PDFDocument, cells: Partial<Record<Col, string>>, bold = false, hint?: string) {
  const y = doc.y;
  let bottom = y;
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.text);
  for (const [key, text] of Object.entries(cells) as Array<[Col, string]>) {
    const col = COLS[key];
    doc.text(text, col.x, y, { width: col.w, align: col.align });
    if (key === 'desc' && hint) {
      doc
        .fontSize(7.5)
        .fillColor(COLOR.muted)
        .text(hint, col.x, doc.y + 1, { width: col.w });
      doc.fontSize(9).fillColor(COLOR.text);
    }
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom + 4;
}

/** § 11 Abs. 1 Z 3 lit. e UStG: a 0 % line says why it is free of VAT. */
function lineHint(exemption: string | null, smallBusiness: boolean): string | undefined {
  if (smallBusiness || !exemption || !(exemption in TAX_EXEMPTION_INFO)) return undefined;
  return `Ohne USt.: ${TAX_EXEMPTION_INFO[exemption as TaxExemption].label}`;
}

function tableHeader(doc: PDFKit.PDFDocument) {
  row(
    doc,
    {
      pos: 'Pos.',
      desc: 'Beschreibung',
      qty: 'Menge',
      unit: 'Einheit',
      price: 'Einzelpreis',
      tax: 'USt.',
      net: 'Netto',
    },
    true,
  );
  doc
    .moveTo(PAGE.left, doc.y - 2)
    .lineTo(PAGE.right, doc.y - 2)
    .lineWidth(0.7)
    .strokeColor(COLOR.text)
    .stroke();
  doc.y += 2;
}

function totalLine(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(bold ? 11 : 9)
    .fillColor(COLOR.text);
  doc.text(label, 300, y, { width: 170, align: 'right' });
  doc.text(value, 470, y, { width: PAGE.right - 470, align: 'right' });
  doc.y = Math.max(doc.y, y + 12) + 1;
}

/** The invoice or credit note as an A4 PDF with every §11 UStG detail (no e-invoice XML yet). */
export async function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const { invoice, settings } = d;
  const number = invoice.invoiceNumber ?? 'Entwurf';
  const doc = createDocument(`${documentTitle(d)} ${number}`);
  drawLetterhead(doc, settings, d.logo, {
    name: invoice.customerName,
    address: invoice.customerAddress,
    uid: invoice.customerUid,
  });
  // § 11 Abs. 1 Z 3 lit. b UStG: over € 10,000 to a business the customer's UID is printed;
  // checkIssuable refuses such an invoice without one, so nothing is missing here.
  const period = servicePeriodText(invoice.servicePeriodStart, invoice.servicePeriodEnd, invoice.invoiceDate);
  const samePeriodDay = !invoice.servicePeriodEnd || invoice.servicePeriodStart === invoice.servicePeriodEnd;
  const info: Array<[string, string]> = [
    ['Rechnungsnummer', number],
    [invoice.kind === 'credit_note' ? 'Datum' : 'Rechnungsdatum', formatDate(invoice.invoiceDate)],
    [samePeriodDay ? 'Leistungsdatum' : 'Leistungszeitraum', period],
  ];
  if (invoice.kind === 'invoice') info.push(['Fällig am', formatDate(invoice.dueDate)]);
  if (invoice.customerId) info.push(['Kundennummer', String(invoice.customerId)]);
  drawInfoBox(doc, info);

  doc.y = 250;
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.accent)
    .text(`${documentTitle(d)} ${number}`, PAGE.left, doc.y);
  doc.moveDown(0.3);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  if (d.original) {
    doc.text(`Storno der Rechnung Nr. ${d.original.number} vom ${formatDate(d.original.date)}.`);
  } else if (invoice.status === 'draft') {
    doc.fillColor('#b44d12').text('Entwurf – noch keine gültige Rechnung.');
  }
  doc.moveDown(0.8);

  tableHeader(doc);
  d.items.forEach((item, index) => {
    ensureSpace(doc, 30, () => tableHeader(doc));
    row(
      doc,
      {
        pos: String(index + 1),
        desc: item.description,
        qty: formatNumber(item.quantity),
        unit: item.unit,
        price: formatEuro(item.unitPrice),
        tax: `${item.taxRate}\u00a0%`,
        net: formatEuro(item.lineNet),
      },
      false,
      lineHint(item.taxExemption, invoice.smallBusiness),
    );
  });
  doc.moveTo(PAGE.left, doc.y).lineTo(PAGE.right, doc.y).lineWidth(0.5).strokeColor(COLOR.line).stroke();
  doc.y += 6;

  const totals = computeInvoiceTotals(
    d.items.map((i) => ({
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      taxRate: i.taxRate,
      taxExemption: i.taxExemption,
    })),
    invoice.smallBusiness,
  );
  ensureSpace(doc, 40 + totals.byRate.length * 28);
  for (const rate of totals.byRate) {
    totalLine(doc, `Netto ${taxGroupLabel(rate.taxRate, rate.exemption)}`, formatEuro(fromHundredths(rate.net)));
    if (rate.taxRate > 0) {
      totalLine(
        doc,
        `USt. ${rate.taxRate}\u00a0% von ${formatEuro(fromHundredths(rate.net))}`,
        formatEuro(fromHundredths(rate.tax)),
      );
    }
  }
  totalLine(doc, 'Summe netto', formatEuro(invoice.totalNet));
  totalLine(doc, 'Summe USt.', formatEuro(invoice.totalTax));
  totalLine(
    doc,
    invoice.kind === 'credit_note' ? 'Stornobetrag (brutto)' : 'Gesamtbetrag (brutto)',
    formatEuro(invoice.totalGross),
    true,
  );
  doc.moveDown(0.8);

  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  for (const exemption of new Set(totals.byRate.map((r) => r.exemption))) {
    if (!exemption) continue;
    doc.text(TAX_EXEMPTION_INFO[exemption].note, PAGE.left, doc.y, { width: PAGE.right - PAGE.left });
    doc.moveDown(0.3);
  }
  if (invoice.notes) doc.moveDown(0.5).text(invoice.notes, PAGE.left, doc.y, { width: PAGE.right - PAGE.left });
  doc.moveDown(0.8);
  await drawPayment(doc, d);

  if (d.timeEntries.length > 0) drawTimeSheet(doc, d, number, period);
  drawFooters(doc, settings);
  return toBuffer(doc);
}

/**
 * What a Stornorechnung promises: a refund only of what had been paid for the cancelled
 * invoice when it was cancelled (the rest is simply no longer owed, decision 0580).
 */
export function creditNoteRefundText(d: Pick<InvoiceDocument, 'original'>): string {
  const number = d.original?.number ?? '';
  const received = num(d.original?.received ?? '0');
  if (received <= 0) return `Die Rechnung ${number} ist damit aufgehoben und nicht mehr zu bezahlen.`;
  return (
    `Die Rechnung ${number} ist damit aufgehoben. Von Ihnen bereits bezahlt: ${formatEuro(received)}. ` +
    'Dieser Betrag wird Ihnen erstattet oder auf Wunsch mit künftigen Rechnungen verrechnet.'
  );
}

/**
 * The SEPA pre-notification an invoice paid by direct debit prints (decision 0602): the amount
 * its collection announced (what is open at issue, decision 0720), collection date, mandate
 * reference, creditor ID and the debited account's last digits.
 */
export function directDebitNotice(collection: {
  amount: string;
  announcedOn: string;
  mandateReference: string;
  creditorId: string;
  debtorIban: string;
}): string {
  return (
    `Der Betrag von ${formatEuro(collection.amount)} wird am ${formatDate(collection.announcedOn)} mit Mandatsreferenz ` +
    `${collection.mandateReference} und Gläubiger-ID ${collection.creditorId} von Ihrem Konto ` +
    `${maskIban(collection.debtorIban)} eingezogen. Bitte sorgen Sie für ausreichende Deckung.`
  );
}

async function drawPayment(doc: PDFKit.PDFDocument, d: InvoiceDocument) {
  const { invoice, settings } = d;
  const gross = toHundredths(invoice.totalGross);
  ensureSpace(doc, 110);
  const top = doc.y;
  const width = 330;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(invoice.kind === 'credit_note' ? 'Erstattung' : 'Zahlung', PAGE.left, top);
  doc.font(FONT.regular).fontSize(9);
  if (invoice.kind === 'credit_note') {
    doc.text(creditNoteRefundText(d), { width });
  } else if (d.directDebit) {
    // SEPA pre-notification instead of bank details: no transfer, so no payment code.
    doc.text(directDebitNotice(d.directDebit), { width: PAGE.right - PAGE.left });
    if (invoice.invoiceNumber) doc.text(`Verwendungszweck: Rechnung ${invoice.invoiceNumber}`, { width });
    return;
  } else {
    doc.text(
      `Zahlungsbedingungen: zahlbar ohne Abzug bis ${formatDate(invoice.dueDate)}` +
        ` (${settings.paymentTermsDays} Tage netto).`,
      { width },
    );
    if (settings.iban) {
      doc.text(
        `Bankverbindung: ${[settings.bankName, `IBAN ${formatIban(settings.iban)}`, settings.bic && `BIC ${settings.bic}`].filter(Boolean).join(', ')}`,
        { width },
      );
      doc.text(`Kontoinhaber: ${settings.companyName}`, { width });
    }
    if (invoice.invoiceNumber) doc.text(`Verwendungszweck: ${invoice.invoiceNumber}`, { width });
    if (invoice.paymentReference) {
      doc.text(`Zahlungsreferenz: ${formatCreditorReference(invoice.paymentReference)}`, { width });
    }
  }
  const textBottom = doc.y;
  if (invoice.kind === 'invoice' && invoice.invoiceNumber && canPayByCode(settings.iban, gross)) {
    const png = await epcQrPng({
      bic: settings.bic,
      name: settings.companyName,
      iban: settings.iban,
      amountCents: gross,
      reference: invoice.paymentReference ?? null,
      information: `Rechnung ${invoice.invoiceNumber}`,
    });
    doc.image(png, PAGE.right - 90, top, { width: 90 });
    doc
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text('Zahlen mit Code', PAGE.right - 90, top + 92, { width: 90, align: 'center' });
    doc.y = Math.max(textBottom, top + 104);
  }
}

import { formatDate, formatEuro } from '@butler/contract/format';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { num } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import type { MailAttachment } from '../../../lib/mail.js';
import type { InvoiceDocument } from '../invoices/invoice-document.js';
import type { QuickbillDeps } from '../shared.js';

const DEFAULT_BODY = `Sehr geehrte Damen und Herren,

anbei erhalten Sie die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.

Vielen Dank für Ihr Vertrauen!

Mit freundlichen Grüßen
{firma}`;

const CREDIT_BODY = `Sehr geehrte Damen und Herren,

anbei erhalten Sie die Gutschrift {nummer} zur Stornierung der Rechnung {original} über {betrag}.

Mit freundlichen Grüßen
{firma}`;

/** {nummer}, {kunde}, {betrag}, {faellig}, {firma}, {original} in the settings' texts. */
export function fillTemplate(template: string, d: InvoiceDocument): string {
  const values: Record<string, string> = {
    nummer: d.invoice.invoiceNumber ?? '',
    kunde: d.invoice.customerName,
    betrag: formatEuro(Math.abs(num(d.invoice.totalGross))),
    faellig: formatDate(d.invoice.dueDate),
    firma: d.settings.companyName,
    original: d.original?.number ?? '',
  };
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

async function deliver(
  deps: QuickbillDeps,
  d: InvoiceDocument,
  subject: string,
  text: string,
  attachments: MailAttachment[],
) {
  if (!d.invoice.customerEmail) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt');
  }
  try {
    return await deps.mailer(d.settings).send({ to: d.invoice.customerEmail, subject, text, attachments });
  } catch {
    throw new AppError(
      'MAIL_FAILED',
      `${d.invoice.invoiceNumber ?? 'Die Rechnung'}: Die E-Mail konnte nicht versendet werden. Bitte versuchen Sie es erneut.`,
    );
  }
}

const pdfAttachment = (filename: string, content: Buffer): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

/** The invoice (or credit note) mail with its PDF, texts from the settings. */
export function mailInvoice(deps: QuickbillDeps, d: InvoiceDocument, pdf: Buffer, filename: string) {
  const credit = d.invoice.kind === 'credit_note';
  const subject = credit
    ? `Gutschrift ${d.invoice.invoiceNumber} zur Rechnung ${d.original?.number ?? ''}`.trim()
    : fillTemplate(d.settings.invoiceEmailSubject || 'Ihre Rechnung {nummer}', d);
  const body = credit ? CREDIT_BODY : d.settings.invoiceEmailBody.trim() || DEFAULT_BODY;
  return deliver(deps, d, subject, fillTemplate(body, d), [pdfAttachment(filename, pdf)]);
}

/** Payment reminder: its own letter plus the invoice again. */
export function mailReminder(
  deps: QuickbillDeps,
  d: InvoiceDocument,
  level: number,
  reminderPdf: Buffer,
  invoicePdf: Buffer,
  payBy: string,
) {
  const label = REMINDER_LABELS[level - 1];
  const text = fillTemplate(
    `Sehr geehrte Damen und Herren,

laut unserer Buchhaltung ist die Rechnung {nummer} vom ${formatDate(d.invoice.invoiceDate)} über {betrag} noch offen (fällig seit {faellig}).
Bitte überweisen Sie den Betrag bis ${formatDate(payBy)}. Sollten Sie bereits bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.

Mit freundlichen Grüßen
{firma}`,
    d,
  );
  const number = d.invoice.invoiceNumber ?? '';
  return deliver(deps, d, `${label} zur Rechnung ${number}`, text, [
    pdfAttachment(`${label.replace(/[^\wäöüÄÖÜß]+/g, '-')}-${number}.pdf`, reminderPdf),
    pdfAttachment(`Rechnung-${number}.pdf`, invoicePdf),
  ]);
}

import { formatDate, formatEuro } from '@butler/contract/format';
import { fillMailTemplate, invoiceMailTemplates } from '@butler/contract/invoice-mail';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { num } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import type { MailAttachment } from '../../../lib/mail.js';
import type { InvoiceDocument } from '../invoices/invoice-document.js';
import type { QuickbillDeps } from '../shared.js';

/** {nummer}, {kunde}, {betrag}, {faellig}, {firma}, {original} of this invoice. */
export function fillTemplate(template: string, d: InvoiceDocument): string {
  return fillMailTemplate(template, {
    nummer: d.invoice.invoiceNumber ?? '',
    kunde: d.invoice.customerName,
    betrag: formatEuro(Math.abs(num(d.invoice.totalGross))),
    faellig: formatDate(d.invoice.dueDate),
    firma: d.settings.companyName,
    original: d.original?.number ?? '',
  });
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

/**
 * The invoice (or Stornorechnung) mail with its PDF (and, on request, the ebInterface XML): the admin's subject and text from the
 * send screen, else the settings' (credit notes: fixed texts); placeholders filled here.
 */
export function mailInvoice(
  deps: QuickbillDeps,
  d: InvoiceDocument,
  pdf: Buffer,
  filename: string,
  texts: { subject?: string; message?: string } = {},
  extra: MailAttachment[] = [],
) {
  const templates = invoiceMailTemplates(d.invoice.kind === 'credit_note' ? 'credit_note' : 'invoice', {
    subject: d.settings.invoiceEmailSubject,
    body: d.settings.invoiceEmailBody,
  });
  const subject = fillTemplate(texts.subject ?? templates.subject, d);
  const body = fillTemplate(texts.message ?? templates.body, d);
  return deliver(deps, d, subject, body, [pdfAttachment(filename, pdf), ...extra]);
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

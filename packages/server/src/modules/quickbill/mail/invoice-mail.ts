import { formatDate, formatEuro } from '@butler/contract/format';
import { fillMailTemplate, invoiceMailTemplates } from '@butler/contract/invoice-mail';
import { REMINDER_LABELS } from '@butler/contract/quickbill';
import { greeting } from '@butler/contract/voice';
import type { Executor } from '../../../db/executor.js';
import { amountToCollect } from '../../../domain/collection-amount.js';
import { fromHundredths, num, toHundredths } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import { attachment } from '../../mail/attachment-sources.js';
import { queueMail } from '../../mail/mail-queue.js';
import { openAmountOf } from '../payments/payments.service.js';
import { ebInterfaceFileName } from '../pdf/invoice-xml.service.js';
import { pdfFileName } from '../pdf/pdf-store.js';
import type { ReminderLetter } from '../pdf/reminder-pdf.js';
import type { InvoiceDocument } from '../records/invoice-document.js';

/** {nummer}, {kunde}, {betrag}, {faellig}, {firma}, {original} of this invoice. */
export function fillTemplate(template: string, d: InvoiceDocument, anrede = ''): string {
  return fillMailTemplate(template, {
    anrede,
    nummer: d.invoice.invoiceNumber ?? '',
    kunde: d.invoice.customerName,
    betrag: formatEuro(Math.abs(num(d.invoice.totalGross))),
    faellig: formatDate(d.invoice.dueDate),
    firma: d.settings.companyName,
    original: d.original?.number ?? '',
  });
}

/**
 * "€ 47,60 am 15.12.2026": what the Lastschrift will collect, as the mail is queued: the
 * open amount (a resend after a partial payment says the smaller sum), null when nothing
 * is collected (decision 0720).
 */
function collectionFact(d: InvoiceDocument): string | null {
  if (!d.directDebit || d.invoice.kind !== 'invoice') return null;
  const cents = amountToCollect(openAmountOf(d.invoice), toHundredths(d.directDebit.amount));
  return cents > 0n ? `${formatEuro(fromHundredths(cents))} am ${formatDate(d.directDebit.announcedOn)}` : null;
}

/** The recipient, checked before anything is issued or recorded. */
export function requireRecipient(email: string | null): string {
  if (!email?.trim()) {
    throw new AppError('INVOICE_WRONG_STATUS', 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt');
  }
  return email.trim();
}

/**
 * Queues the invoice (or Stornorechnung) mail with its PDF (and, on request, the
 * ebInterface XML) in the caller's transaction: the admin's subject and text from the send
 * screen, else the settings' (Stornorechnung: fixed texts); placeholders filled here. The
 * documents are attached when the mail is sent, from what was stored at issue.
 */
export async function queueInvoiceMail(
  tx: Executor,
  d: InvoiceDocument,
  createdBy: string,
  texts: { subject?: string; message?: string; attach_ebinterface?: boolean } = {},
) {
  const kind = d.invoice.kind === 'credit_note' ? 'credit_note' : 'invoice';
  const voice = d.voice;
  const templates = invoiceMailTemplates(
    kind,
    { subject: d.settings.invoiceEmailSubject, body: d.settings.invoiceEmailBody },
    voice,
  );
  const anrede = greeting(voice, d.addressee);
  return queueMail(tx, {
    to: requireRecipient(d.invoice.customerEmail),
    template: 'invoice',
    data: {
      kind,
      subject: fillTemplate(texts.subject ?? templates.subject, d, anrede),
      message: fillTemplate(texts.message ?? templates.body, d, anrede),
      number: d.invoice.invoiceNumber ?? '',
      amount: formatEuro(Math.abs(num(d.invoice.totalGross))),
      due: kind === 'invoice' ? formatDate(d.invoice.dueDate) : null,
      collection: collectionFact(d),
    },
    customerId: d.invoice.customerId,
    entity: { type: 'invoice', id: d.invoice.id },
    attachments: [
      attachment('invoice-pdf', pdfFileName(d), { invoiceId: d.invoice.id }),
      ...(texts.attach_ebinterface
        ? [attachment('invoice-ebinterface', ebInterfaceFileName(d), { invoiceId: d.invoice.id })]
        : []),
    ],
    createdBy,
  });
}

/** Payment reminder: its own letter plus the invoice again, queued in the caller's transaction. */
export function queueReminderMail(tx: Executor, d: InvoiceDocument, letter: ReminderLetter, createdBy: string) {
  const label = REMINDER_LABELS[letter.level - 1];
  const number = d.invoice.invoiceNumber ?? '';
  const total = letter.openCents + letter.feeCents + letter.interestCents;
  return queueMail(tx, {
    to: requireRecipient(d.invoice.customerEmail),
    template: 'invoice-reminder',
    data: {
      level: letter.level,
      label,
      number,
      invoiceDate: formatDate(d.invoice.invoiceDate),
      amount: formatEuro(fromHundredths(total)),
      open: formatEuro(fromHundredths(letter.openCents)),
      fees: letter.feeCents > 0n ? formatEuro(fromHundredths(letter.feeCents)) : null,
      interest: letter.interestCents > 0n ? formatEuro(fromHundredths(letter.interestCents)) : null,
      due: formatDate(d.invoice.dueDate),
      payBy: formatDate(letter.payBy),
      company: d.settings.companyName,
    },
    customerId: d.invoice.customerId,
    entity: { type: 'invoice', id: d.invoice.id },
    dedupeKey: `reminder:${d.invoice.id}:${letter.level}`,
    attachments: [
      attachment('reminder-pdf', `${label.replace(/[^\wäöüÄÖÜß]+/g, '-')}-${number}.pdf`, {
        invoiceId: d.invoice.id,
        level: letter.level,
      }),
      attachment('invoice-pdf', `Rechnung-${number}.pdf`, { invoiceId: d.invoice.id }),
    ],
    createdBy,
  });
}

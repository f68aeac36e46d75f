/**
 * The e-mail that carries an invoice or a credit note: default texts and the placeholders
 * the settings' texts may use. Shared so the send screen shows exactly what the server
 * will send. Free of zod: the send screen should not need it for this.
 */
import { LETTER_TEXTS } from './letter-texts.js';
import type { CustomerVoice } from './voice.js';

export const INVOICE_MAIL_PLACEHOLDERS = [
  'anrede',
  'nummer',
  'kunde',
  'betrag',
  'faellig',
  'firma',
  'original',
] as const;
export type InvoiceMailValues = Partial<Record<(typeof INVOICE_MAIL_PLACEHOLDERS)[number], string>>;

export const CREDIT_NOTE_SUBJECT = 'Stornorechnung {nummer} zur Rechnung {original}';

/**
 * The texts before filling: the settings' for invoices (when empty, the defaults in the
 * customers' form of address), the voice's fixed ones for credit notes (decision 0620).
 * {anrede} is the greeting line: "Hallo Maria" / "Sehr geehrte Frau Gruber".
 */
export function invoiceMailTemplates(
  kind: 'invoice' | 'credit_note',
  settings: { subject: string; body: string },
  voice: CustomerVoice,
): { subject: string; body: string } {
  const texts = LETTER_TEXTS[voice];
  if (kind === 'credit_note') return { subject: CREDIT_NOTE_SUBJECT, body: texts.creditNoteBody };
  return {
    subject: settings.subject.trim() || texts.invoiceSubject,
    body: settings.body.trim() || texts.invoiceBody,
  };
}

/** Replaces {nummer}, {kunde}, …; a placeholder without a value stays as written. */
export function fillMailTemplate(template: string, values: InvoiceMailValues): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key as keyof InvoiceMailValues] ?? match);
}

/**
 * The e-mail that carries an invoice or a credit note: default texts and the placeholders
 * the settings' texts may use. Shared so the send screen shows exactly what the server
 * will send. Free of zod: the send screen should not need it for this.
 */

export const INVOICE_MAIL_PLACEHOLDERS = ['nummer', 'kunde', 'betrag', 'faellig', 'firma', 'original'] as const;
export type InvoiceMailValues = Partial<Record<(typeof INVOICE_MAIL_PLACEHOLDERS)[number], string>>;

export const DEFAULT_INVOICE_SUBJECT = 'Ihre Rechnung {nummer}';
export const DEFAULT_INVOICE_BODY = `Sehr geehrte Damen und Herren,

anbei erhalten Sie die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.

Vielen Dank für Ihr Vertrauen!

Mit freundlichen Grüßen
{firma}`;

export const CREDIT_NOTE_SUBJECT = 'Stornorechnung {nummer} zur Rechnung {original}';
export const CREDIT_NOTE_BODY = `Sehr geehrte Damen und Herren,

anbei erhalten Sie die Stornorechnung {nummer}, mit der die Rechnung {original} über {betrag} storniert wird.

Mit freundlichen Grüßen
{firma}`;

/** The texts before filling: the settings' for invoices (defaults when empty), fixed ones for credit notes. */
export function invoiceMailTemplates(
  kind: 'invoice' | 'credit_note',
  settings: { subject: string; body: string },
): { subject: string; body: string } {
  if (kind === 'credit_note') return { subject: CREDIT_NOTE_SUBJECT, body: CREDIT_NOTE_BODY };
  return {
    subject: settings.subject.trim() || DEFAULT_INVOICE_SUBJECT,
    body: settings.body.trim() || DEFAULT_INVOICE_BODY,
  };
}

/** Replaces {nummer}, {kunde}, …; a placeholder without a value stays as written. */
export function fillMailTemplate(template: string, values: InvoiceMailValues): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key as keyof InvoiceMailValues] ?? match);
}

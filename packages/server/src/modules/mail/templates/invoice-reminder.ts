import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type InvoiceReminderMailData = {
  /** Zahlungserinnerung, 1. Mahnung, 2. Mahnung. */
  label: string;
  number: string;
  invoiceDate: string;
  amount: string;
  due: string;
  payBy: string;
  company: string;
};

/** A payment reminder with its letter and the invoice attached. */
export const invoiceReminderTemplate = defineTemplate<InvoiceReminderMailData>({
  render: (d) => {
    const text = `Sehr geehrte Damen und Herren,

laut unserer Buchhaltung ist die Rechnung ${d.number} vom ${d.invoiceDate} über ${d.amount} noch offen (fällig seit ${d.due}).
Bitte überweisen Sie den Betrag bis ${d.payBy}. Sollten Sie bereits bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.

Mit freundlichen Grüßen
${d.company}`;
    return {
      subject: `${d.label} zur Rechnung ${d.number}`,
      preheader: `Rechnung ${d.number} über ${d.amount} – bitte bis ${d.payBy} begleichen`,
      text,
      html: html`${factTable([
        ['Rechnung Nr.', d.number],
        ['Offener Betrag', d.amount],
        ['Bitte bezahlen bis', d.payBy],
      ])}${paragraphs(text)}`,
    };
  },
});

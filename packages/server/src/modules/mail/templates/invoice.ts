import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type InvoiceMailData = {
  kind: 'invoice' | 'credit_note';
  /** Subject and text as sent: the settings' or the admin's, placeholders already filled. */
  subject: string;
  message: string;
  number: string;
  amount: string;
  /** Due date (`22.11.2026`); credit notes have none. */
  due: string | null;
  /** Paid by SEPA-Lastschrift: what is collected when (`€ 47,60 am 15.12.2026`, decision 0720); absent in older mails. */
  collection?: string | null;
};

/** An invoice or Stornorechnung (credit note) with its PDF (Quickbill send and cancel). */
export const invoiceTemplate = defineTemplate<InvoiceMailData>({
  render: (d, ctx) => {
    const label = d.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
    const facts: Array<[string, string]> = [
      [`${label} Nr.`, d.number],
      ['Betrag', d.amount],
    ];
    if (d.collection) facts.push(['Einzug per SEPA-Lastschrift', d.collection]);
    else if (d.due) facts.push(['Zahlbar bis', d.due]);
    return {
      subject: d.subject,
      preheader: `${label} ${d.number} über ${d.amount}`,
      text: d.message,
      html: html`${factTable(facts)}${paragraphs(d.message)}<p style="margin:0;color:#495057;font-size:13px;">${LETTER_TEXTS[ctx.voice].invoiceAttached(label)}</p>`,
    };
  },
});

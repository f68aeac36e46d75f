import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type DirectDebitReturnsData = {
  name: string;
  /** `01.12.2026` */
  date: string;
  returns: Array<{ customer: string; invoice: string; amount: string; reason: string; fee: string | null }>;
  /** Bank entries still "nicht zugeordnet". */
  unassigned: number;
  url: string;
};

/** To staff, once a day when direct debits came back (Sie). */
export const directDebitReturnsTemplate = defineTemplate<DirectDebitReturnsData>({
  render: (d) => {
    const count = d.returns.length === 1 ? 'eine Lastschrift' : `${d.returns.length} Lastschriften`;
    const lines = d.returns
      .map(
        (r) => `- ${r.customer}, Rechnung ${r.invoice}, ${r.amount}: ${r.reason}${r.fee ? ` (Gebühr ${r.fee})` : ''}`,
      )
      .join('\n');
    const open =
      d.unassigned > 0
        ? `\n\nAußerdem ${d.unassigned === 1 ? 'ist eine Buchung' : `sind ${d.unassigned} Buchungen`} noch nicht zugeordnet.`
        : '';
    const text = `Guten Tag ${d.name},

seit der letzten Übersicht ${d.returns.length === 1 ? 'ist' : 'sind'} ${count} zurückgekommen. Die Rechnungen sind wieder offen:

${lines}${open}`;
    return {
      subject: `Rücklastschriften: ${count} zurückgekommen (${d.date})`,
      preheader: d.returns.map((r) => r.customer).join(', '),
      text,
      html: html`${paragraphs(text.split('\n\n- ')[0])}${factTable(
        d.returns.map((r) => [
          `${r.customer} · ${r.invoice}`,
          `${r.amount} · ${r.reason}${r.fee ? ` · Gebühr ${r.fee}` : ''}`,
        ]),
      )}${d.unassigned > 0 ? paragraphs(open.trim()) : html``}`,
      action: { label: 'Zahlungseingänge öffnen', url: d.url },
    };
  },
});

import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type OverdueDigestRow = {
  number: string;
  customer: string;
  /** `€ 120,00` still open */
  open: string;
  /** `seit 21.11.2026` or `2. Mahnung am 02.11.2026` */
  note: string;
};

export type OverdueDigestData = {
  name: string;
  /** `22.11.2026` */
  date: string;
  /** Due yesterday, not paid: overdue since today. */
  newlyOverdue: OverdueDigestRow[];
  /** Reminders the Mahnlauf sent today. */
  reminded: OverdueDigestRow[];
  /** The 2. Mahnung's deadline passed yesterday: staff decide what comes next. */
  finalPassed: OverdueDigestRow[];
  /** `7 Rechnungen, zusammen € 1.234,50` */
  total: string;
  openItemsUrl: string;
};

const cell = 'padding:6px 8px;border-bottom:1px solid #dee2e6;font-size:13px;text-align:left;vertical-align:top;';

function section(title: string, rows: OverdueDigestRow[]) {
  if (rows.length === 0) return { text: '', html: html`` };
  return {
    text: `${title}:\n${rows.map((r) => `- ${r.number} ${r.customer}: offen ${r.open} (${r.note})`).join('\n')}\n\n`,
    html: html`<p style="margin:0 0 8px;font-weight:600;">${title}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 20px;">
<tr><th style="${cell}">Rechnung</th><th style="${cell}">Kunde</th><th style="${cell}">Offen</th><th style="${cell}"></th></tr>
${rows.map(
  (r) =>
    html`<tr><td style="${cell}">${r.number}</td><td style="${cell}">${r.customer}</td><td style="${cell}">${r.open}</td><td style="${cell}">${r.note}</td></tr>`,
)}
</table>`,
  };
}

/** To staff, once a day when something changed: overdue invoices, today's reminders, expired 2. Mahnungen (Sie). */
export const overdueDigestTemplate = defineTemplate<OverdueDigestData>({
  render: (d) => {
    const intro = `Guten Tag ${d.name},

hier die überfälligen Rechnungen vom ${d.date}. Insgesamt überfällig: ${d.total}.`;
    const parts = [
      section('Seit heute überfällig', d.newlyOverdue),
      section('Heute gemahnt', d.reminded),
      section('Frist der 2. Mahnung abgelaufen', d.finalPassed),
    ];
    const outro = 'Alle offenen Rechnungen mit Alter finden Sie unter „Offene Posten“.';
    const count = d.newlyOverdue.length + d.reminded.length + d.finalPassed.length;
    return {
      subject: `Überfällige Rechnungen (${d.date})`,
      preheader: `${count} ${count === 1 ? 'Rechnung braucht' : 'Rechnungen brauchen'} Aufmerksamkeit`,
      text: `${intro}\n\n${parts.map((p) => p.text).join('')}${outro}`,
      html: html`${paragraphs(intro)}${parts.map((p) => p.html)}${paragraphs(outro)}`,
      action: { label: 'Offene Posten anzeigen', url: d.openItemsUrl },
    };
  },
});

import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type BalanceDigestRow = {
  customer: string;
  /** `ButlerPaket März 2026` or `Stundenpakete`. */
  what: string;
  /** `8,50 h von 10,00 h` */
  used: string;
  /** All usable hours of the customer together at the crossing (decision 0742). */
  usable: string;
  /** When the threshold was crossed, `14.03.2026`. */
  crossedOn: string;
};

export type BalanceDigestData = { name: string; date: string; rows: BalanceDigestRow[]; dashboardUrl: string };

const cell = 'padding:6px 8px;border-bottom:1px solid #dee2e6;font-size:13px;text-align:left;vertical-align:top;';

/** To staff, once a day: every customer whose balance crossed a threshold since the last digest (Sie). */
export const balanceDigestTemplate = defineTemplate<BalanceDigestData>({
  render: (d) => {
    const count = d.rows.length === 1 ? '1 Kunde hat' : `${d.rows.length} Kunden haben`;
    const intro = `Guten Tag ${d.name},

${count} seit der letzten Übersicht einen Schwellenwert für knappes Guthaben erreicht (Stand ${d.date}):`;
    const lines = d.rows.map(
      (r) => `- ${r.customer}: ${r.what}, genutzt ${r.used}, jetzt verfügbar ${r.usable} (seit ${r.crossedOn})`,
    );
    const outro = 'Die aktuelle Liste finden Sie im Dashboard unter „Knappes Guthaben“.';
    return {
      subject: `Knappes Guthaben: ${d.rows.length === 1 ? '1 Kunde' : `${d.rows.length} Kunden`} (${d.date})`,
      preheader: d.rows.map((r) => r.customer).join(', '),
      text: `${intro}\n\n${lines.join('\n')}\n\n${outro}`,
      html: html`${paragraphs(intro)}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 20px;">
<tr><th style="${cell}">Kunde</th><th style="${cell}">Guthaben</th><th style="${cell}">Genutzt</th><th style="${cell}">Jetzt verfügbar</th><th style="${cell}">Seit</th></tr>
${d.rows.map(
  (r) =>
    html`<tr><td style="${cell}">${r.customer}</td><td style="${cell}">${r.what}</td><td style="${cell}">${r.used}</td><td style="${cell}">${r.usable}</td><td style="${cell}">${r.crossedOn}</td></tr>`,
)}
</table>${paragraphs(outro)}`,
      action: { label: 'Zum Dashboard', url: d.dashboardUrl },
    };
  },
});

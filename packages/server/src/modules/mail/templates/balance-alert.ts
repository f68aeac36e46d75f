import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type BalanceAlertData = {
  firstName: string;
  kind: 'butler' | 'package';
  /** Formatted figures: `8,50 h`, `85 %`, `31.03.2026`, `März 2026`. */
  total: string;
  used: string;
  remaining: string;
  percentUsed: string;
  /** ButlerPaket only: the period's month and last day. */
  periodMonth: string | null;
  periodEnd: string | null;
  loungeUrl: string;
  accountUrl: string;
};

/** To a customer, once per ButlerPaket period or package whose balance crossed a threshold (du). */
export const balanceAlertTemplate = defineTemplate<BalanceAlertData>({
  render: (d, ctx) => {
    const butler = d.kind === 'butler';
    const intro = butler
      ? `von deinem ButlerPaket für ${d.periodMonth} sind ${d.used} von ${d.total} genutzt (${d.percentUsed}). Bis zum ${d.periodEnd} bleiben dir noch ${d.remaining}.`
      : `von deinen Stundenpaketen sind noch ${d.remaining} übrig (${d.used} von ${d.total} genutzt).`;
    const text = `Hallo ${d.firstName},

${intro}

Das ist nur ein kurzer Hinweis, damit du rechtzeitig planen kannst. Wenn du mehr Stunden brauchst, antworte einfach auf diese E-Mail oder melde dich bei uns – wir stellen dir gerne etwas zusammen.

Herzliche Grüße
${ctx.provider.name}

Du möchtest diese Hinweise nicht mehr per E-Mail? In deiner Lounge unter „Mein Konto“ kannst du sie abschalten: ${d.accountUrl}`;
    const facts: Array<[string, string]> = butler
      ? [
          ['Zeitraum', d.periodMonth ?? ''],
          ['Genutzt', `${d.used} von ${d.total}`],
          ['Verbleibend', d.remaining],
          ['Gilt bis', d.periodEnd ?? ''],
        ]
      : [
          ['Gekauft', d.total],
          ['Genutzt', d.used],
          ['Verbleibend', d.remaining],
        ];
    const [greeting, sentence, ...rest] = text.split('\n\n');
    rest.pop(); // the opt-out line: the HTML has its own, with a link
    return {
      subject: butler
        ? `Dein ButlerPaket für ${d.periodMonth} ist zu ${d.percentUsed} genutzt`
        : 'Deine Stundenpakete gehen zur Neige',
      preheader: `Noch ${d.remaining} verfügbar`,
      text,
      html: html`${paragraphs(`${greeting}\n\n${sentence}`)}${factTable(facts)}${paragraphs(rest.join('\n\n'))}<p style="margin:16px 0 0;color:#495057;font-size:13px;">Du möchtest diese Hinweise nicht mehr per E-Mail? In deiner Lounge unter „Mein Konto“ kannst du sie <a href="${d.accountUrl}" style="color:#495057;">abschalten</a>.</p>`,
      action: { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable, greetingLine, optOutHtml, optOutText } from './parts.js';

export type BalanceAlertData = {
  to: Addressee;
  kind: 'butler' | 'package';
  /** Formatted figures: `8,50 h`, `85 %`, `31.03.2026`, `März 2026`. */
  total: string;
  used: string;
  remaining: string;
  percentUsed: string;
  /** ButlerPaket: what is usable now, this period plus carry-over (decision 0623); packages: remaining. */
  usable: string;
  /** ButlerPaket only: the period's month and last day. */
  periodMonth: string | null;
  periodEnd: string | null;
  loungeUrl: string;
  accountUrl: string;
};

/** To a customer, once per ButlerPaket period or package whose balance crossed a threshold. */
export const balanceAlertTemplate = defineTemplate<BalanceAlertData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const butler = d.kind === 'butler';
    const intro = butler
      ? t.balanceButlerIntro({
          month: d.periodMonth ?? '',
          used: d.used,
          total: d.total,
          percent: d.percentUsed,
          usable: d.usable,
        })
      : t.balancePackagesIntro({ remaining: d.remaining, used: d.used, total: d.total });
    const greeting = greetingLine(ctx, d.to);
    const closing = `${t.balancePlan}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    const facts: Array<[string, string]> = butler
      ? [
          ['Zeitraum', d.periodMonth ?? ''],
          ['Genutzt diesen Monat', `${d.used} von ${d.total}`],
          ['Jetzt verfügbar (mit Übertrag)', d.usable],
          ['Monat endet am', d.periodEnd ?? ''],
        ]
      : [
          ['Gekauft', d.total],
          ['Genutzt', d.used],
          ['Verbleibend', d.remaining],
        ];
    return {
      subject: butler ? t.balanceButlerSubject(d.periodMonth ?? '', d.percentUsed) : t.balancePackagesSubject,
      preheader: `Noch ${butler ? d.usable : d.remaining} verfügbar`,
      text: `${greeting}\n\n${intro}\n\n${closing}\n\n${optOutText(t.balanceOptOut, d.accountUrl)}`,
      html: html`${paragraphs(`${greeting}\n\n${intro}`)}${factTable(facts)}${paragraphs(closing)}${optOutHtml(t.balanceOptOut, d.accountUrl)}`,
      action: { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

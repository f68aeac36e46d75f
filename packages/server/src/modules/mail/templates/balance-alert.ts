import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable, greetingLine, optOutHtml, optOutText } from './parts.js';

export type BalanceAlertData = {
  to: Addressee;
  kind: 'butler' | 'package';
  /** The one hours figure (decision 0742), formatted: `1,75 h`. */
  usable: string;
  /** Whether nothing is usable any more. */
  usedUp: boolean;
  /** ButlerPaket and Stundenpakete part when the customer holds both ("1,50 h" and "0,25 h"). */
  parts: { butler: string; packages: string } | null;
  /** The facts under the sentence, already in words: `["ButlerPaket Dezember 2026", "0,75 h von 18,50 h genutzt"]`. */
  facts: Array<[string, string]>;
  loungeUrl: string;
  /** "Stunden nachkaufen" in the lounge, while it sells a Stundenpaket (decision 0850). */
  shopUrl?: string | null;
  accountUrl: string;
};

/**
 * To a customer, once per ButlerPaket month (or, without a ButlerPaket, per newest package)
 * in which all their usable hours together ran short (decision 0742).
 */
export const balanceAlertTemplate = defineTemplate<BalanceAlertData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const intro = d.usedUp
      ? t.balanceUsedUpIntro
      : t.balanceIntro(d.usable, d.parts ? t.balanceParts(d.parts.butler, d.parts.packages) : null);
    const greeting = greetingLine(ctx, d.to);
    const closing = `${t.balancePlan}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    const factLines = d.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
    return {
      subject: d.usedUp ? t.balanceUsedUpSubject : t.balanceSubject(d.usable),
      preheader: `Jetzt verfügbar: ${d.usable}`,
      text: `${greeting}\n\n${intro}\n\n${factLines}\n\n${closing}\n\n${optOutText(t.balanceOptOut, d.accountUrl)}`,
      html: html`${paragraphs(`${greeting}\n\n${intro}`)}${factTable(d.facts)}${paragraphs(closing)}${optOutHtml(t.balanceOptOut, d.accountUrl)}`,
      action: d.shopUrl ? { label: 'Stunden nachkaufen', url: d.shopUrl } : { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

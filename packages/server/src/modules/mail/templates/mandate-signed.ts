import { MANDATE_ONLINE_TEXTS } from '@butler/contract/mandate-online-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable, greetingLine } from './parts.js';

export type MandateSignedData = {
  to: Addressee;
  reference: string;
  /** `03.12.2026` and `14:05` (Vienna time). */
  date: string;
  time: string;
  payee: string;
  creditorId: string;
  /** `AT...1234` */
  account: string;
  /** The reference of the mandate it replaced, if any. */
  replaced: string | null;
  /** Mein Konto in the lounge. */
  url: string;
};

/** To the customer who signed a mandate online, with its signed copy attached (decision 0853). */
export const mandateSignedTemplate = defineTemplate<MandateSignedData>({
  render: (d, ctx) => {
    const t = MANDATE_ONLINE_TEXTS[ctx.voice];
    const intro = t.mailIntro({ date: d.date, time: d.time, payee: d.payee });
    const replaced = d.replaced ? ` ${t.mailReplaced(d.replaced)}` : '';
    const facts: Array<[string, string]> = [
      ['Mandatsreferenz', d.reference],
      ['Gläubiger-ID', d.creditorId],
      ['Konto', d.account],
    ];
    const factsText = facts.map(([label, value]) => `${label}: ${value}`).join('\n');
    const closing = `${t.mailAttached} ${t.mailRevokeHint}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    const head = `${greetingLine(ctx, d.to)}\n\n${intro}${replaced}`;
    return {
      subject: t.mailSubject(d.reference),
      preheader: `${d.reference} · ${d.account}`,
      text: `${head}\n\n${factsText}\n\n${closing}`,
      html: html`${paragraphs(head)}${factTable(facts)}${paragraphs(closing)}`,
      action: { label: t.mailAction, url: d.url },
    };
  },
});

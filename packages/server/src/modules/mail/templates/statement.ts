import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine, optOutHtml, optOutText } from './parts.js';

export type StatementMailData = { to: Addressee; month: string; loungeUrl: string; accountUrl: string };

/** The Monatsübersicht (PDF attached) on the 1st, or sent again by staff. */
export const statementTemplate = defineTemplate<StatementMailData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const text = `${greetingLine(ctx, d.to)}

${t.statementBody(d.month)}

${signOff(ctx.voice)}
${ctx.provider.name}`;
    return {
      subject: t.statementSubject(d.month),
      preheader: t.statementPreheader(d.month),
      text: `${text}\n\n${optOutText(t.statementOptOut, d.accountUrl)}`,
      html: html`${paragraphs(text)}${optOutHtml(t.statementOptOut, d.accountUrl)}`,
      action: { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

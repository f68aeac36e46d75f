import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine, optOutHtml, optOutText } from './parts.js';

export type StatementMailData = {
  to: Addressee;
  month: string;
  loungeUrl: string;
  accountUrl: string;
  /** A marked correction: the day of the statement it replaces (decision 0771). */
  correctionOf?: string;
};

/** The Monatsübersicht (PDF attached) on the 1st, its correction, or either sent again by staff. */
export const statementTemplate = defineTemplate<StatementMailData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const text = `${greetingLine(ctx, d.to)}

${d.correctionOf ? t.statementCorrectionBody(d.month, d.correctionOf) : t.statementBody(d.month)}

${signOff(ctx.voice)}
${ctx.provider.name}`;
    return {
      subject: d.correctionOf ? t.statementCorrectionSubject(d.month) : t.statementSubject(d.month),
      preheader: t.statementPreheader(d.month),
      text: `${text}\n\n${optOutText(t.statementOptOut, d.accountUrl)}`,
      html: html`${paragraphs(text)}${optOutHtml(t.statementOptOut, d.accountUrl)}`,
      action: { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

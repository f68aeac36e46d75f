import { MONTH_CONFIRMATION_TEXTS } from '@butler/contract/month-confirmation-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine, optOutHtml, optOutText } from './parts.js';

export type MonthConfirmationData = {
  to: Addressee;
  /** The month is ready to confirm; a Rückfrage was answered; its entry was corrected. */
  kind: 'ready' | 'answered' | 'corrected';
  /** `Oktober 2026`. */
  month: string;
  /** ready: `3 Einträge`, `7,50 h`, the day it confirms itself (`15.11.2026`). */
  entries?: string;
  hours?: string;
  autoOn?: string;
  /** answered, corrected: the entry's day (`12.10.2026`), the answer or what changed. */
  entry?: string;
  body?: string;
  /** The lounge's month: `/customer/monatsfreigabe/2026-10`. */
  url: string;
  /** ready: "Mein Konto", where the Monatsübersicht mails are switched off. */
  accountUrl?: string;
};

/** To a customer about the Monatsfreigabe (decision 0852), in their form of address. */
export const monthConfirmationTemplate = defineTemplate<MonthConfirmationData>({
  render: (d, ctx) => {
    const t = MONTH_CONFIRMATION_TEXTS[ctx.voice];
    const greeting = greetingLine(ctx, d.to);
    const closing = `${signOff(ctx.voice)}\n${ctx.provider.name}`;
    const [subject, main] =
      d.kind === 'ready'
        ? [t.readySubject(d.month), t.readyBody(d.month, d.entries ?? '', d.hours ?? '', d.autoOn ?? '')]
        : d.kind === 'answered'
          ? [
              t.answeredSubject(d.month),
              `${t.answeredIntro(d.entry ?? '')}\n\n${d.body?.trim() ?? ''}\n\n${t.answeredOutro}`,
            ]
          : [t.correctedSubject(d.month), t.correctedBody(d.entry ?? '', d.body ?? '')];
    const text = `${greeting}\n\n${main}\n\n${closing}`;
    const optOut = d.kind === 'ready' && d.accountUrl ? d.accountUrl : null;
    return {
      subject,
      preheader: subject,
      text: optOut ? `${text}\n\n${optOutText(t.readyOptOut, optOut)}` : text,
      html: optOut ? html`${paragraphs(text)}${optOutHtml(t.readyOptOut, optOut)}` : html`${paragraphs(text)}`,
      action: { label: 'Monat ansehen', url: d.url },
    };
  },
});

import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable, greetingLine } from './parts.js';

/** One visit as the mail lists it (Vienna's day and time, first names of who comes). */
export type VisitMailLine = { when: string; who: string; where: string; purpose: string };

export type VisitUpdateData = {
  to: Addressee;
  kind: 'planned' | 'changed' | 'cancelled' | 'reminder';
  /** The visits (a series: every one of them; the mail lists the first few). */
  visits: VisitMailLine[];
  reason?: string;
  /** The lounge: `/customer`. */
  url: string;
};

const LISTED = 6;

/** To a customer about their visits (decision 0841); the `.ics` travels as the mail's attachment. */
export const visitUpdateTemplate = defineTemplate<VisitUpdateData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const first = d.visits[0];
    const count = d.visits.length;
    const [subject, intro] =
      d.kind === 'planned'
        ? count > 1
          ? [t.visitSeriesSubject(count, first.when), t.visitSeriesIntro(count)]
          : [t.visitPlannedSubject(first.when), t.visitPlannedIntro]
        : d.kind === 'changed'
          ? [t.visitChangedSubject(first.when), t.visitChangedIntro]
          : d.kind === 'cancelled'
            ? [t.visitCancelledSubject(first.when, count), t.visitCancelledIntro(count)]
            : [t.visitReminderSubject(first.when), t.visitReminderIntro];
    const shown = d.visits.slice(0, LISTED);
    const more = count > LISTED ? `\nund ${count - LISTED} weitere` : '';
    const lines = shown.map((v) => `${v.when}: ${v.purpose} (${v.who}${v.where ? `, ${v.where}` : ''})`).join('\n');
    const hints = [
      d.kind === 'cancelled' && d.reason?.trim() ? t.visitCancelledReason(d.reason.trim()) : '',
      d.kind === 'planned' || d.kind === 'changed' ? t.visitConfirmHint(count) : '',
      d.kind !== 'reminder' ? t.visitCalendarHint(count) : '',
    ]
      .filter(Boolean)
      .join('\n');
    const text = `${greetingLine(ctx, d.to)}\n\n${intro}\n\n${lines}${more}${hints ? `\n\n${hints}` : ''}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    const rows: Array<[string, string]> = shown.map((v) => [v.when, `${v.purpose} (${v.who})`]);
    return {
      subject,
      preheader: `${first.when}: ${first.purpose}`,
      text,
      html: html`${paragraphs(`${greetingLine(ctx, d.to)}\n\n${intro}`)}${factTable(rows)}${paragraphs(
        `${more.trim()}${hints ? `\n\n${hints}` : ''}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`.trim(),
      )}`,
      action: { label: t.visitAction, url: d.url },
    };
  },
});

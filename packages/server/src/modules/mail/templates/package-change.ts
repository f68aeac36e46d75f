import { PACKAGE_CHANGE_NEUTRAL, PACKAGE_CHANGE_TEXTS, type WishWords } from '@butler/contract/package-change-texts';
import { type Addressee, afterGreeting, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type PackageChangeData = {
  to: Addressee;
  kind: 'change' | 'renew';
  outcome: 'accepted' | 'declined';
  /** What was asked for, formatted: name, `15,00 h`, `01.02.2027`, `31.12.2027`. */
  wish: WishWords;
  /** An accepted change that ends the running ButlerPaket: the hours it had left, and its last day. */
  lapsing?: { hours: string; until: string } | null;
  /** The note staff wrote (always with a decline). */
  note: string;
  /** The lounge. */
  url: string;
};

/** To the customer: their wish for their ButlerPaket was accepted or declined (decision 0851). */
export const packageChangeTemplate = defineTemplate<PackageChangeData>({
  render: (d, ctx) => {
    const t = PACKAGE_CHANGE_TEXTS[ctx.voice];
    const subject = d.outcome === 'accepted' ? t.acceptedSubject : t.declinedSubject;
    const intro =
      d.outcome === 'declined' ? t.declined : d.kind === 'renew' ? t.acceptedRenew(d.wish) : t.acceptedChange(d.wish);
    const lapse =
      d.outcome === 'accepted' && d.lapsing ? `\n\n${t.carryOverLapses(d.lapsing.hours, d.lapsing.until)}` : '';
    const note = d.note.trim() ? `\n\n${PACKAGE_CHANGE_NEUTRAL.noteLine(d.note.trim())}` : '';
    const body = `${afterGreeting(intro)}${lapse}${note}`;
    const text = `${greetingLine(ctx, d.to)}\n\n${body}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    return {
      subject,
      preheader: intro,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: PACKAGE_CHANGE_NEUTRAL.action, url: d.url },
    };
  },
});

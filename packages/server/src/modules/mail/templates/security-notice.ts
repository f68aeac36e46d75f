import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import type { Addressee } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type SecurityNoticeData = {
  audience: 'staff' | 'customer';
  name: string;
  /** What changed, as a German sentence part ("Ihr Passwort wurde geändert"). */
  change: string;
  /** When, `24.11.2026, 10:41`. */
  at: string;
  /** Customers: whom the greeting names (decision 0620). */
  to?: Addressee;
};

/** ASVS 6.3.7: a person hears of every change to how they sign in. Sie for staff; customers in their form of address. */
export const securityNoticeTemplate = defineTemplate<SecurityNoticeData>({
  render: (d, ctx) => {
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

${d.change} (${d.at}).

Waren Sie das nicht, wenden Sie sich bitte sofort an eine Administratorin oder einen Administrator von ${ctx.provider.name}.`
        : `${greetingLine(ctx, d.to ?? { firstName: d.name, lastName: '', salutation: null })}

${LETTER_TEXTS[ctx.voice].securityBody(d.change, d.at)}`;
    return {
      subject: d.audience === 'staff' ? 'Sicherheitshinweis zu Ihrem Konto' : LETTER_TEXTS[ctx.voice].securitySubject,
      preheader: d.change,
      text,
      html: html`${paragraphs(text)}`,
    };
  },
});

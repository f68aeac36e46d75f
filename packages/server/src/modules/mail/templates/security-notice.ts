import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type SecurityNoticeData = {
  audience: 'staff' | 'customer';
  name: string;
  /** What changed, as a German sentence part ("Ihr Passwort wurde geändert"). */
  change: string;
  /** When, `24.11.2026, 10:41`. */
  at: string;
};

/** ASVS 6.3.7: a person hears of every change to how they sign in. Sie for staff, du for customers. */
export const securityNoticeTemplate = defineTemplate<SecurityNoticeData>({
  render: (d, ctx) => {
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

${d.change} (${d.at}).

Waren Sie das nicht, wenden Sie sich bitte sofort an eine Administratorin oder einen Administrator von ${ctx.provider.name}.`
        : `Hallo ${d.name},

${d.change} (${d.at}).

Warst du das nicht? Dann melde dich bitte sofort bei uns.`;
    return {
      subject: d.audience === 'staff' ? 'Sicherheitshinweis zu Ihrem Konto' : 'Sicherheitshinweis zu deinem Konto',
      preheader: d.change,
      text,
      html: html`${paragraphs(text)}`,
    };
  },
});

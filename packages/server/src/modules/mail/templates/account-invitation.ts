import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import type { Addressee } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type AccountInvitationData = {
  audience: 'staff' | 'customer';
  /** First name of a customer, full name of a staff member. */
  name: string;
  /** Username (staff) or e-mail (customers): what to type at the login. */
  login: string;
  url: string;
  /** The last day the link works, `22.11.2026`. */
  validUntil: string;
  /** Customers: whom the greeting names (decision 0620). */
  to?: Addressee;
};

/** Invitation with a single-use link to set one's own password (7 days). Sie for staff; customers in their form of address. */
export const accountInvitationTemplate = defineTemplate<AccountInvitationData>({
  render: (d, ctx) => {
    const provider = ctx.provider.name;
    const t = LETTER_TEXTS[ctx.voice];
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

Sie wurden zum Back Office von ${provider} eingeladen. Ihr Benutzername ist ${d.login}.

Bitte legen Sie über den folgenden Link Ihr Passwort fest. Der Link gilt bis ${d.validUntil} und funktioniert nur einmal.

Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`
        : `${greetingLine(ctx, d.to ?? { firstName: d.name, lastName: '', salutation: null })}

${t.inviteBody({ provider, login: d.login, validUntil: d.validUntil })}`;
    return {
      subject: d.audience === 'staff' ? `Einladung zum Back Office von ${provider}` : t.inviteSubject(provider),
      preheader: d.audience === 'staff' ? 'Legen Sie Ihr Passwort fest' : t.invitePreheader,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: d.audience === 'staff' ? 'Passwort festlegen' : t.inviteAction, url: d.url },
    };
  },
});

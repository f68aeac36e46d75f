import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type AccountInvitationData = {
  audience: 'staff' | 'customer';
  /** First name of a customer, full name of a staff member. */
  name: string;
  /** Username (staff) or e-mail (customers): what to type at the login. */
  login: string;
  url: string;
  /** The last day the link works, `22.11.2026`. */
  validUntil: string;
};

/** Invitation with a single-use link to set one's own password (7 days). Sie for staff, du for customers. */
export const accountInvitationTemplate = defineTemplate<AccountInvitationData>({
  render: (d, ctx) => {
    const provider = ctx.provider.name;
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

Sie wurden zum Back Office von ${provider} eingeladen. Ihr Benutzername ist ${d.login}.

Bitte legen Sie über den folgenden Link Ihr Passwort fest. Der Link gilt bis ${d.validUntil} und funktioniert nur einmal.

Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`
        : `Hallo ${d.name},

willkommen bei ${provider}! In deiner Lounge siehst du jederzeit deine Stunden, Projekte und Vorteile. Du meldest dich mit deiner E-Mail-Adresse ${d.login} an.

Leg über den folgenden Link dein Passwort fest. Der Link gilt bis ${d.validUntil} und funktioniert nur einmal.

Falls du diese Einladung nicht erwartet hast, kannst du diese E-Mail einfach ignorieren.`;
    return {
      subject:
        d.audience === 'staff'
          ? `Einladung zum Back Office von ${provider}`
          : `Deine Einladung in die Lounge von ${provider}`,
      preheader: d.audience === 'staff' ? 'Legen Sie Ihr Passwort fest' : 'Leg dein Passwort fest',
      text,
      html: html`${paragraphs(text)}`,
      action: { label: d.audience === 'staff' ? 'Passwort festlegen' : 'Mein Passwort festlegen', url: d.url },
    };
  },
});

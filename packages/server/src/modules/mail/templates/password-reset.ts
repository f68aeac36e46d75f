import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type PasswordResetData = {
  audience: 'staff' | 'customer';
  name: string;
  url: string;
  minutes: number;
};

/** A link to set a new password (60 minutes, single use). Sie for staff, du for customers. */
export const passwordResetTemplate = defineTemplate<PasswordResetData>({
  render: (d, ctx) => {
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

für Ihr Konto im Back Office von ${ctx.provider.name} wurde ein Link zum Festlegen eines neuen Passworts erstellt. Er gilt ${d.minutes} Minuten und funktioniert nur einmal. Danach werden alle Ihre Anmeldungen beendet.

Falls Sie das nicht erwartet haben, ignorieren Sie diese E-Mail: Ihr bisheriges Passwort bleibt gültig.`
        : `Hallo ${d.name},

du hast ein neues Passwort für deine Lounge bei ${ctx.provider.name} angefordert. Der Link gilt ${d.minutes} Minuten und funktioniert nur einmal. Danach wirst du überall abgemeldet und meldest dich mit dem neuen Passwort an.

Falls du das nicht warst, ignorier diese E-Mail einfach: Dein bisheriges Passwort bleibt gültig.`;
    return {
      subject: d.audience === 'staff' ? 'Neues Passwort festlegen' : 'Dein neues Passwort',
      preheader: `Der Link gilt ${d.minutes} Minuten`,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: 'Neues Passwort festlegen', url: d.url },
    };
  },
});

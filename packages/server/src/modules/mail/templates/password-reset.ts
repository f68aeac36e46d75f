import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import type { Addressee } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type PasswordResetData = {
  audience: 'staff' | 'customer';
  name: string;
  url: string;
  minutes: number;
  /** Staff: the username to sign in with (they may have asked by e-mail address, decision 0756). */
  login?: string;
  /** Customers: whom the greeting names (decision 0620). */
  to?: Addressee;
};

/** A link to set a new password (60 minutes, single use). Sie for staff; customers in their form of address. */
export const passwordResetTemplate = defineTemplate<PasswordResetData>({
  render: (d, ctx) => {
    const text =
      d.audience === 'staff'
        ? `Guten Tag ${d.name},

für Ihr Konto im Back Office von ${ctx.provider.name}${d.login ? ` (Benutzername: ${d.login})` : ''} wurde ein Link zum Festlegen eines neuen Passworts erstellt. Er gilt ${d.minutes} Minuten und funktioniert nur einmal. Danach werden alle Ihre Anmeldungen beendet.

Falls Sie das nicht erwartet haben, ignorieren Sie diese E-Mail: Ihr bisheriges Passwort bleibt gültig.`
        : `${greetingLine(ctx, d.to ?? { firstName: d.name, lastName: '', salutation: null })}

${LETTER_TEXTS[ctx.voice].resetBody({ provider: ctx.provider.name, minutes: d.minutes })}`;
    return {
      subject: d.audience === 'staff' ? 'Neues Passwort festlegen' : LETTER_TEXTS[ctx.voice].resetSubject,
      preheader: `Der Link gilt ${d.minutes} Minuten`,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: 'Neues Passwort festlegen', url: d.url },
    };
  },
});

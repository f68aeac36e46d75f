import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';

export type StatementMailData = { firstName: string; month: string; loungeUrl: string; accountUrl: string };

/** The Monatsübersicht (PDF attached) on the 1st, or sent again by staff (du). */
export const statementTemplate = defineTemplate<StatementMailData>({
  render: (d, ctx) => {
    const text = `Hallo ${d.firstName},

im Anhang findest du deine Monatsübersicht für ${d.month}: alle Stunden, die wir für dich gebucht haben, und den Stand deiner Guthaben. Alle Übersichten liegen auch in deiner Lounge zum Herunterladen bereit.

Herzliche Grüße
${ctx.provider.name}`;
    return {
      subject: `Deine Monatsübersicht ${d.month}`,
      preheader: `Deine Stunden im ${d.month}`,
      text: `${text}\n\nDu möchtest die Übersicht nicht mehr per E-Mail? Unter „Mein Konto“ kannst du sie abschalten: ${d.accountUrl}`,
      html: html`${paragraphs(text)}<p style="margin:16px 0 0;color:#495057;font-size:13px;">Du möchtest die Übersicht nicht mehr per E-Mail? Unter „Mein Konto“ kannst du sie <a href="${d.accountUrl}" style="color:#495057;">abschalten</a>.</p>`,
      action: { label: 'Zur Lounge', url: d.loungeUrl },
    };
  },
});

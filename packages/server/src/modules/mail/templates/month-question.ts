import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type MonthQuestionData = {
  /** The staff member's name. */
  name: string;
  customer: string;
  /** `Oktober 2026`. */
  month: string;
  /** The entry: `12.10.2026 · Haushalt · Einkauf · 2,00 h`. */
  entry: string;
  message: string;
  /** A new Rückfrage, or the customer's reply in its thread. */
  kind: 'new' | 'reply';
  /** The customer's Zeiterfassung tab. */
  url: string;
};

/** To the customer's Betreuer (Sie): a Rückfrage on an entry of an ended month (decision 0852). */
export const monthQuestionTemplate = defineTemplate<MonthQuestionData>({
  render: (d) => {
    const intro =
      d.kind === 'new'
        ? `Guten Tag ${d.name},\n\n${d.customer} hat eine Rückfrage zu einem Eintrag im ${d.month}:`
        : `Guten Tag ${d.name},\n\n${d.customer} hat auf die Antwort zur Rückfrage im ${d.month} geantwortet:`;
    const outro =
      'Bitte korrigieren Sie den Eintrag oder antworten Sie auf der Kundenseite unter „Zeiterfassung“ → „Monatsfreigabe“.';
    const subject =
      d.kind === 'new'
        ? `Rückfrage von ${d.customer} (${d.month})`
        : `Antwort von ${d.customer} zur Rückfrage (${d.month})`;
    return {
      subject,
      preheader: d.entry,
      text: `${intro}\n\n${d.entry}\n\n„${d.message}“\n\n${outro}`,
      html: html`${paragraphs(intro)}${factTable([['Eintrag', d.entry]])}${paragraphs(`„${d.message}“\n\n${outro}`)}`,
      action: { label: 'Zur Kundenseite', url: d.url },
    };
  },
});

import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type SubscriptionEndingData = {
  name: string;
  customer: string;
  packageName: string;
  /** `31.12.2026` */
  endDate: string;
  daysLeft: number;
  customerUrl: string;
};

/** To staff, 30 and 7 days before a ButlerPaket ends without a following one (Sie). */
export const subscriptionEndingTemplate = defineTemplate<SubscriptionEndingData>({
  render: (d) => {
    const inDays = d.daysLeft === 0 ? 'heute' : d.daysLeft === 1 ? 'morgen' : `in ${d.daysLeft} Tagen`;
    const text = `Guten Tag ${d.name},

das ButlerPaket von ${d.customer} endet ${inDays} (${d.endDate}), und es ist noch kein weiteres ButlerPaket angelegt. Vielleicht ein guter Anlass, sich bei ${d.customer} zu melden.`;
    return {
      subject: `ButlerPaket von ${d.customer} endet am ${d.endDate}`,
      preheader: `Noch ${d.daysLeft} Tage, kein Folgepaket`,
      text,
      html: html`${paragraphs(text)}${factTable([
        ['Kunde', d.customer],
        ['Paket', d.packageName],
        ['Enddatum', d.endDate],
      ])}`,
      action: { label: 'Kunde anzeigen', url: d.customerUrl },
    };
  },
});

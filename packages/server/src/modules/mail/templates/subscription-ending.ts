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
  /** The customer detail with the "Verlängern" dialog of this ButlerPaket open (decision 0327). */
  renewUrl: string;
};

/** To staff, 30 and 7 days before a ButlerPaket ends without a following one (Sie). */
export const subscriptionEndingTemplate = defineTemplate<SubscriptionEndingData>({
  render: (d) => {
    const inDays = d.daysLeft === 0 ? 'heute' : d.daysLeft === 1 ? 'morgen' : `in ${d.daysLeft} Tagen`;
    const text = `Guten Tag ${d.name},

das ButlerPaket von ${d.customer} endet ${inDays} (${d.endDate}), und es ist noch kein weiteres ButlerPaket angelegt. Vielleicht ein guter Anlass, sich bei ${d.customer} zu melden.

Mit „Verlängern“ legen Sie ein Folgepaket zu gleichen Bedingungen an (eine weitere Laufzeit ab dem Tag nach dem Ende). Zum Kunden: ${d.customerUrl}`;
    return {
      subject: `ButlerPaket von ${d.customer} endet am ${d.endDate}`,
      preheader: `Noch ${d.daysLeft} Tage, kein Folgepaket`,
      text,
      html: html`${paragraphs(text)}${factTable([
        ['Kunde', d.customer],
        ['Paket', d.packageName],
        ['Enddatum', d.endDate],
      ])}`,
      action: { label: 'Verlängern', url: d.renewUrl },
    };
  },
});

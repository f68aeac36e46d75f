import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type MandateRevokedData = {
  name: string;
  customer: string;
  reference: string;
  /** `03.12.2026, 14:05 Uhr` */
  at: string;
  reason: string;
  /** Open invoices whose announced collection no longer takes place: `2026-0042 (€ 120,00, angekündigt für 15.12.2026)`. */
  announced: string[];
  /** Collections of this mandate already handed to the bank in a run. */
  atBank: number;
  /** The customer's direct-debit screen. */
  url: string;
};

/** To staff when a customer revoked their mandate in the lounge (decision 0853). */
export const mandateRevokedTemplate = defineTemplate<MandateRevokedData>({
  render: (d) => {
    const announced =
      d.announced.length === 0
        ? 'Es war kein Einzug mehr angekündigt.'
        : `Diese angekündigten Einzüge finden nicht mehr statt; die Rechnungen sind per Überweisung zu bezahlen:\n${d.announced.map((line) => `- ${line}`).join('\n')}`;
    const atBank =
      d.atBank > 0
        ? `\n\n${d.atBank === 1 ? 'Eine Lastschrift dieses Mandats ist' : `${d.atBank} Lastschriften dieses Mandats sind`} bereits in einem Lauf an die Bank übergeben.`
        : '';
    const intro = `Guten Tag ${d.name},\n\n${d.customer} hat am ${d.at} das SEPA-Mandat ${d.reference} in der Kundenlounge widerrufen.${d.reason ? ` Grund: ${d.reason}` : ''}`;
    const text = `${intro}\n\n${announced}${atBank}`;
    return {
      subject: `Mandat widerrufen: ${d.customer} (${d.reference})`,
      preheader: `${d.customer} zahlt künftig per Überweisung`,
      text,
      html: html`${paragraphs(intro)}${paragraphs(announced.split('\n')[0])}${factTable(
        d.announced.map((line) => ['Rechnung', line]),
      )}${atBank ? paragraphs(atBank.trim()) : html``}`,
      action: { label: 'Mandate des Kunden öffnen', url: d.url },
    };
  },
});

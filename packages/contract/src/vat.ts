/**
 * Austrian VAT on invoices: the rates the portal offers and the reasons a 0 % line may
 * carry (§ 11 Abs. 1 Z 3 lit. e UStG: an exempt supply needs a note saying so). Each
 * reason maps to an EN 16931 VAT category (UNCL 5305) and, where the CEF list has one,
 * a VATEX code. Free of zod: the editor's totals use it too.
 */

/** 20 % Normalsteuersatz, 13 % and 10 % ermäßigt (§ 10 Abs. 1–3 UStG), 0 % with a reason. */
export const TAX_RATES = [20, 13, 10, 0] as const;
export type TaxRate = (typeof TAX_RATES)[number];

export const TAX_EXEMPTIONS = ['small_business', 'reverse_charge', 'third_country', 'disbursement'] as const;
export type TaxExemption = (typeof TAX_EXEMPTIONS)[number];

/** The legal note a Kleinunternehmer must print instead of VAT. */
export const SMALL_BUSINESS_NOTE = 'Umsatzsteuerbefreit – Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG';

/** The words § 11 Abs. 1a UStG requires on a reverse-charge invoice. */
export const REVERSE_CHARGE_NOTE =
  'Übergang der Steuerschuld auf den Leistungsempfänger (Reverse Charge): Leistungsort gem. § 3a Abs. 6 UStG ' +
  'im Mitgliedstaat des Leistungsempfängers, die Steuer schuldet der Leistungsempfänger (Art. 196 MwSt-RL).';

export type ExemptionInfo = {
  /** Label for selects. */
  label: string;
  /** A word or two for totals ("Netto 0 % (Reverse Charge)"). */
  short: string;
  /** The sentence printed on the invoice. */
  note: string;
  /** EN 16931 VAT category code (BT-151/BT-118). */
  category: 'E' | 'AE' | 'O';
  /** CEF VATEX code (BT-121), if one fits. */
  vatex?: string;
};

export const TAX_EXEMPTION_INFO: Record<TaxExemption, ExemptionInfo> = {
  small_business: {
    label: 'Kleinunternehmer (§ 6 Abs. 1 Z 27 UStG)',
    short: 'Kleinunternehmer',
    note: SMALL_BUSINESS_NOTE,
    category: 'E',
  },
  reverse_charge: {
    label: 'Reverse Charge – Unternehmer in einem anderen EU-Staat',
    short: 'Reverse Charge',
    note: REVERSE_CHARGE_NOTE,
    category: 'AE',
    vatex: 'VATEX-EU-AE',
  },
  third_country: {
    label: 'Nicht steuerbar – Unternehmer im Drittland (§ 3a Abs. 6 UStG)',
    short: 'nicht steuerbar',
    note: 'Nicht im Inland steuerbare Leistung: Leistungsort beim unternehmerischen Leistungsempfänger im Drittland (§ 3a Abs. 6 UStG).',
    category: 'O',
    vatex: 'VATEX-EU-O',
  },
  disbursement: {
    label: 'Durchlaufender Posten (§ 4 Abs. 3 UStG)',
    short: 'durchlaufender Posten',
    note: 'Durchlaufender Posten: im Namen und für Rechnung des Kunden verauslagt, kein Entgelt (§ 4 Abs. 3 UStG).',
    category: 'E',
    vatex: 'VATEX-EU-79-C',
  },
};

/** Reasons an admin may choose on a line (Kleinunternehmer is set by the settings, not per line). */
export const SELECTABLE_TAX_EXEMPTIONS: readonly TaxExemption[] = ['reverse_charge', 'third_country', 'disbursement'];

/** "20 %", or for 0 % its reason: "0 % (Reverse Charge)". */
export function taxGroupLabel(rate: number, exemption: TaxExemption | null | undefined): string {
  return rate === 0 && exemption ? `0\u00a0% (${TAX_EXEMPTION_INFO[exemption].short})` : `${rate}\u00a0%`;
}

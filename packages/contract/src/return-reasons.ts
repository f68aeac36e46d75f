/**
 * SEPA R-transaction reason codes in German (SEPA-SDD-FACTS.md; Worldline "List of reject
 * reason codes"). A bank may send MS03 for a real AC04 or AM04 (data protection), so the
 * text never claims more than the code says.
 */
export const RETURN_REASONS: Record<string, string> = {
  AC01: 'IBAN fehlerhaft',
  AC04: 'Konto erloschen',
  AC06: 'Konto gesperrt',
  AC13: 'Kontoart ungültig (Verbraucherkonto bei Firmenlastschrift)',
  AG01: 'Lastschrift auf diesem Konto nicht erlaubt',
  AG02: 'Ungültiger Vorgang',
  AM04: 'Konto nicht gedeckt',
  AM05: 'Doppelte Einreichung',
  BE05: 'Gläubiger unbekannt',
  CUST: 'Vom Zahlungspflichtigen abgelehnt',
  FF01: 'Dateiformat ungültig',
  MD01: 'Kein gültiges Mandat',
  MD02: 'Mandatsdaten fehlen oder sind falsch',
  MD06: 'Widerspruch: Erstattung auf Wunsch des Zahlungspflichtigen',
  MD07: 'Zahlungspflichtiger verstorben',
  MS02: 'Vom Zahlungspflichtigen ohne Grund abgelehnt',
  MS03: 'Ohne Angabe von Gründen (Bank)',
  NARR: 'Grund im Bankhinweis',
  RC01: 'BIC fehlerhaft',
  RR01: 'Regulatorische Gründe (Kontodaten)',
  RR02: 'Regulatorische Gründe (Name oder Adresse)',
  RR03: 'Regulatorische Gründe (Gläubigerdaten)',
  RR04: 'Regulatorische Gründe',
  SL01: 'Besondere Dienstleistung der Bank des Zahlungspflichtigen',
};

/** Codes after which the mandate can never collect again (account closed, debtor deceased). */
export const MANDATE_ENDING_REASONS = new Set(['AC04', 'MD07']);

/** `MD06 – Widerspruch: …`, or the code alone when it is unknown. */
export function returnReasonText(code: string | null | undefined): string {
  if (!code) return 'Rücklastschrift ohne Grundangabe';
  const text = RETURN_REASONS[code.toUpperCase()];
  return text ? `${code.toUpperCase()} – ${text}` : `Grund ${code}`;
}

/**
 * Structured creditor reference (ISO 11649, "RF" reference): `RF` + two check digits + up
 * to 21 letters or digits. Banks carry it unchanged from the transfer to the statement, so
 * a payment can be matched to its invoice exactly (decision 0584).
 */

const ALPHANUMERIC = /^[A-Z0-9]{1,21}$/;

/** Letters as numbers (A = 10 … Z = 35), digits as they are. */
function numeric(text: string): string {
  return [...text].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
}

/** mod 97 of a long decimal string, computed in chunks (no BigInt needed, none lost). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** The RF reference of an invoice number ("2026-0030" → "RF07 2026 0030" without spaces). */
export function creditorReference(invoiceNumber: string): string {
  const body =
    invoiceNumber
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(-21) || '0';
  if (!ALPHANUMERIC.test(body)) throw new Error('invalid reference body');
  const check = 98 - mod97(numeric(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** True when `reference` (spaces allowed) is a valid RF reference. */
export function isValidCreditorReference(reference: string): boolean {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(numeric(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
}

/** Printed in groups of four: "RF18 5390 0754 7034". */
export function formatCreditorReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

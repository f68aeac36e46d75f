/**
 * Check digits for the fictional identifiers of the demo provider and demo companies,
 * so that invoice validators (and the settings form) accept them.
 */

/** `ATkk…` with the ISO 13616 mod-97 check digits for a 5-digit bank code and 11-digit account. */
export function austrianIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}${account.padStart(11, '0')}`;
  const check = 98 - mod97(`${bban}${letterDigits('AT')}00`);
  return `AT${String(check).padStart(2, '0')}${bban}`;
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  const rearranged = `${compact.slice(4)}${compact.slice(0, 4)}`;
  return mod97(rearranged.replace(/[A-Z]/g, (c) => letterDigits(c))) === 1;
}

function letterDigits(letters: string): string {
  return Array.from(letters, (c) => String(c.charCodeAt(0) - 55)).join('');
}

function mod97(digits: string): number {
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/** Austrian VAT number `ATU` + 7 digits + check digit (BMF algorithm). */
export function austrianUid(sevenDigits: string): string {
  return `ATU${sevenDigits}${uidCheckDigit(sevenDigits)}`;
}

export function uidCheckDigit(sevenDigits: string): number {
  let sum = 0;
  Array.from(sevenDigits).forEach((char, i) => {
    const d = Number(char);
    if (i % 2 === 0) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  });
  return (10 - ((sum + 4) % 10)) % 10;
}

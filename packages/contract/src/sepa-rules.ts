import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Identifiers of SEPA direct debits (SEPA-SDD-FACTS.md): IBAN and BIC (ibantools), the
 * creditor identifier (Gläubiger-ID, ISO 7064 MOD 97-10 over national id + country + "00",
 * business code ignored) and the rules every reference of a pain.008 obeys.
 */

/** The SEPA basic character set (EPC217-08): what banks must accept in every text field. */
export const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** `at02 1200 …` → `AT021200…` (spaces removed, upper case). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? '';
}

export function isIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isBic(value: string): boolean {
  return isValidBIC(normalizeBic(value));
}

/** `AT…1234`: the last four digits of an IBAN, as a pre-notification shows the debited account. */
export function maskIban(iban: string): string {
  const normalized = normalizeIban(iban);
  return `${normalized.slice(0, 2)}...${normalized.slice(-4)}`;
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string (A=10 … Z=35). */
export function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function normalizeCreditorId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** German reason why a creditor identifier is wrong, or null when it is right. */
export function creditorIdProblem(value: string): string | null {
  const id = normalizeCreditorId(value);
  const match = /^([A-Z]{2})([0-9]{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(id);
  if (!match) {
    return 'Die Gläubiger-ID hat nicht das Format Land, Prüfziffern, Geschäftsbereich und Kennung (z. B. AT12ZZZ00000000001)';
  }
  const [, country, check, , national] = match;
  // OeNB: AT + check digits + ZZZ + 11 digits (18 characters).
  if (country === 'AT' && !/^[0-9]{11}$/.test(national)) {
    return 'Eine österreichische Gläubiger-ID hat nach „ATppZZZ“ genau 11 Ziffern';
  }
  const expected = 98 - mod97(`${national}${country}00`);
  if (expected !== Number(check)) return 'Die Prüfziffern der Gläubiger-ID stimmen nicht';
  return null;
}

export function isCreditorId(value: string): boolean {
  return creditorIdProblem(value) === null;
}

/**
 * German reason why an identifier of a pain.008 (MsgId, PmtInfId, EndToEndId, mandate
 * reference) is not allowed, or null: 1–35 characters of the SEPA set, not starting or
 * ending with "/" and without "//" (EPC clarification paper on slashes).
 */
export function sepaIdentifierProblem(value: string, label: string): string | null {
  if (value.length === 0) return `${label} darf nicht leer sein`;
  if (value.length > 35) return `${label} darf höchstens 35 Zeichen lang sein`;
  if (!SEPA_TEXT.test(value)) {
    return `${label} darf nur Buchstaben A–Z, Ziffern, Leerzeichen und / - ? : ( ) . , ' + enthalten (keine Umlaute)`;
  }
  if (value !== value.trim()) return `${label} darf nicht mit einem Leerzeichen beginnen oder enden`;
  if (value.startsWith('/') || value.endsWith('/')) return `${label} darf nicht mit „/“ beginnen oder enden`;
  if (value.includes('//')) return `${label} darf kein „//“ enthalten`;
  return null;
}

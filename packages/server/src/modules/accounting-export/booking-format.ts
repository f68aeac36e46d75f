import { hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { encodeWindows1252 } from '../../lib/ansi-csv.js';
import { defuseFormula } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';

/** Shared field formats of the BMD and DATEV files (decision 0820). */

/** '-1234.5' → '-1234,50': decimal comma, no thousands separator, exact (never through a float). */
export function commaAmount(value: string | bigint): string {
  const cents = typeof value === 'bigint' ? value : toHundredths(value);
  return hundredthsToString(cents).replace('.', ',');
}

/** `2026-11-25` → `25.11.2026`. */
export function dottedDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

const decoder = new TextDecoder('windows-1252');

/**
 * Text for a booking field: no line breaks or tabs, the characters Windows-1252 lacks
 * replaced as the file will hold them, at most `max` characters of what the file holds.
 * Text the CSV writer would defuse as a formula (decision 0831) comes with its apostrophe,
 * counted towards `max`.
 */
export function bookingText(text: string, max: number): string {
  const flat = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const fitted = decoder.decode(encodeWindows1252(flat)).slice(0, max).trimEnd();
  return defuseFormula(fitted) === fitted ? fitted : defuseFormula(fitted.slice(0, max - 1).trimEnd());
}

/** Account numbers are digits (an adviser's chart may keep leading zeros); anything else is refused in German. */
export function requireAccountNumber(account: string, format: 'BMD' | 'DATEV'): string {
  if (!/^\d{1,9}$/.test(account) || /^0+$/.test(account)) {
    throw new AppError(
      'CONFLICT',
      `Das Konto „${account}“ ist keine Kontonummer, die ${format} lesen kann (nur Ziffern, höchstens 9). ` +
        'Bitte korrigieren Sie es in Einstellungen → Buchhaltung.',
    );
  }
  return account;
}

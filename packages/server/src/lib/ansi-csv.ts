import iconv from 'iconv-lite';
import { type CsvCell, csvText } from './csv.js';

/**
 * Semicolon CSV in Windows-1252 ("ANSI"), the character set the booking programmes of tax
 * advisers read (decision 0820): the records are written by the one CSV writer (lib/csv.ts,
 * decision 0831), the code page is iconv-lite's.
 */

/** The records as the bytes of a Windows-1252 CSV file: `;`, CRLF after every record, no BOM. */
export function ansiCsv(records: CsvCell[][]): Buffer {
  return encodeWindows1252(csvText(records));
}

const ENCODING = 'win1252';

/** Whether one character has its own Windows-1252 byte (iconv-lite's table of the code page). */
function fits(char: string): boolean {
  return iconv.decode(iconv.encode(char, ENCODING), ENCODING) === char;
}

/**
 * Text → Windows-1252 bytes (through iconv-lite). A character the code page lacks is written
 * without its accents when it has a base letter the code page holds ("ř" → "r"), otherwise as
 * "?": the booking programmes read nothing else, and a name stays recognisable.
 */
export function encodeWindows1252(text: string): Buffer {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (fits(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every(fits) ? base : '?';
  }
  return iconv.encode(out, ENCODING);
}

/** Whether every character of `text` has its own Windows-1252 byte (nothing replaced). */
export function fitsWindows1252(text: string): boolean {
  return [...text.normalize('NFC')].every(fits);
}

import iconv from 'iconv-lite';

/**
 * Semicolon CSV in Windows-1252 ("ANSI"), the character set the booking programmes of tax
 * advisers read (decision 0820). The booking files need per-field quoting rules of their own
 * (DATEV quotes every text field and never a number), so the few lines of quoting live here;
 * the code page is iconv-lite's.
 */

/** A cell: plain text is quoted only when it must be; `{ quoted }` is always quoted. */
export type CsvCell = string | { quoted: string };

const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/;

/** One field: `"` doubled inside quotes; plain text quoted only when it holds `;`, `"`, a line break or edge spaces. */
export function csvField(cell: CsvCell): string {
  if (typeof cell === 'string') return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  return `"${cell.quoted.replace(/"/g, '""')}"`;
}

/** One record without its line end. */
export function csvRecord(cells: CsvCell[], separator = ';'): string {
  return cells.map(csvField).join(separator);
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

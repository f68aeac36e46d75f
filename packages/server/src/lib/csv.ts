import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the server (decision 0831): the exports, the Protokoll and the
 * booking files of decision 0820 all write through csv-stringify with these rules.
 *
 * - Semicolons (Austrian Excel), CRLF after every record, a BOM only when asked for.
 * - A field is quoted when it holds the delimiter, `"`, a line break or space at either
 *   edge (`"` doubled inside); `quoteAll` quotes every field, `{ quoted }` one field.
 * - One formula rule (CSV injection, OWASP): text that begins with `=`, `+`, `-`, `@`, a tab
 *   or a carriage return (or the full-width `＝ ＋ － ＠` some spreadsheets read as such) gets
 *   a leading apostrophe, unless the whole text is a plain number such as `-12,50`: amounts
 *   stay numbers in Excel and in the booking programmes. A `number` or `bigint` cell is never
 *   touched.
 */

/** A cell: text, a number, `{ quoted }` (always quoted), or null (empty). */
export type CsvCell = string | number | bigint | null | { quoted: string };

export type CsvOptions = {
  /** `;` unless said otherwise. */
  delimiter?: string;
  /** Quote every field, empty ones too (the Protokoll). */
  quoteAll?: boolean;
  /** Start with the UTF-8 byte order mark (the first chunk of a UTF-8 file for Excel). */
  bom?: boolean;
};

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const EDGE_SPACE = /^\s|\s$/;

/** The formula rule: `=SUMME(A1)` → `'=SUMME(A1)`, `-12,50` and `Huber` as they are. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The records as CSV text, each followed by CRLF. Call it per record to stream. */
export function csvText(records: CsvCell[][], options: CsvOptions = {}): string {
  const quoteAll = options.quoteAll ?? false;
  return stringify(records, {
    bom: options.bom ?? false,
    delimiter: options.delimiter ?? ';',
    record_delimiter: '\r\n',
    // Quote a lone CR or LF too: csv-stringify stops doing so once a record delimiter is given.
    quote_record_delimiter: true,
    quoted: quoteAll,
    quoted_empty: quoteAll,
    quoted_match: EDGE_SPACE,
    cast: {
      string: (value) => defuseFormula(value),
      number: (value) => String(value),
      bigint: (value) => String(value),
      object: (value) => ({ value: defuseFormula(String(value.quoted)), quoted: true, quoted_empty: true }),
    },
  });
}

import { toHundredths } from '../../domain/decimal.js';
import { ansiCsv } from '../../lib/ansi-csv.js';
import { bookingText, commaAmount, dottedDate, requireAccountNumber } from './booking-format.js';
import type { BookingDocument } from './booking-records.js';

/**
 * BMD NTCS "Import von Buchungen" (BuErf import, decision 0820): semicolon-separated, the
 * field names in the first line, one line per booking line of a document.
 *
 * - `satzart` 0 (a FIBU booking); `konto` the line's account, `gkonto` its contra account;
 *   `buchcode` 1 when `konto` is on the Soll side, 2 on the Haben side.
 * - `betrag` the gross with the document's sign (a Storno or a removed payment negative);
 *   `steuer` the VAT seen from `konto`: negative on an invoice booked with `konto` in Soll,
 *   positive on its Storno; empty, like `prozent` and `steuercode`, on lines without VAT.
 * - `steuercode` 1 (Umsatzsteuer, domestic) with `prozent` 20, 13 or 10.
 * - `belegnr` the open item (the invoice number; a Storno's and a payment's: the invoice it
 *   refers to), `extbelegnr` the document's own number.
 * - Dates TT.MM.JJJJ, decimal comma, CRLF, Windows-1252 ("ANSI").
 */
export const BMD_FIELDS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'belegdat',
  'buchsymbol',
  'buchcode',
  'prozent',
  'steuercode',
  'betrag',
  'steuer',
  'text',
  'extbelegnr',
] as const;

/** BMD's Buchungstext: kept to 60 characters (the shortest limit of the two files). */
export const BMD_TEXT_MAX = 60;

export function bmdRecords(documents: BookingDocument[]): string[][] {
  return documents.flatMap((document) =>
    document.lines.map((line) => {
      const withVat = line.vatRate !== null && line.vatRate > 0;
      const vat = toHundredths(line.vat);
      return [
        '0',
        requireAccountNumber(line.account, 'BMD'),
        requireAccountNumber(line.contraAccount, 'BMD'),
        bookingText(document.reference, 36),
        dottedDate(document.date),
        line.symbol,
        line.side === 'S' ? '1' : '2',
        withVat ? String(line.vatRate) : '',
        withVat ? '1' : '',
        commaAmount(line.amount),
        withVat ? commaAmount(line.side === 'S' ? -vat : vat) : '',
        bookingText(line.text, BMD_TEXT_MAX),
        bookingText(document.number, 36),
      ];
    }),
  );
}

/** The BMD booking file as its bytes. */
export function bmdFile(documents: BookingDocument[]): Buffer {
  return ansiCsv([[...BMD_FIELDS], ...bmdRecords(documents)]);
}

import { describe, expect, it } from 'vitest';
import type { AccountChart } from './accounting-chart.js';
import { bmdFile } from './bmd-file.js';
import type { BookingDocument } from './booking-records.js';
import { DATEV_LIMITS, datevFile } from './datev-file.js';

/**
 * The CSV of the booking files (decision 0820) with the one formula rule of decision 0831:
 * a text field that begins like a formula gets an apostrophe (within the field's limit), an
 * amount such as -12,50 stays a plain number, unquoted.
 */

const windows1252 = new TextDecoder('windows-1252');
const lines = (bytes: Buffer) => windows1252.decode(bytes).split('\r\n');

const FORMULA = '=HYPERLINK("http://example.com";"Rabatt")';

function document(text: string, reference = 'RE 2026/0101'): BookingDocument {
  return {
    kind: 'invoice',
    date: '2026-11-03',
    number: 'RE 2026/0101',
    reference,
    customerId: 1,
    customerName: 'Jürgen Müller',
    cash: '0.00',
    lines: [
      {
        account: '2000',
        side: 'S',
        contraAccount: '4000',
        amount: '-12.50',
        vat: '-2.08',
        vatRate: 20,
        symbol: 'AR',
        text,
      },
    ],
  };
}

const chart: AccountChart = {
  revenue: { 20: '4000', 13: '4013', 10: '4010', 0: '4020' },
  smallBusinessRevenue: '4030',
  receivables: { mode: 'collective', account: '2000' },
  bank: '2800',
  cash: '2700',
  reminderFee: '4880',
  interest: '8100',
  fiscalYearStartMonth: 1,
  datev: { consultantNumber: 1001, clientNumber: 1, accountLength: 4 },
};
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30', label: '2026-11' };

describe('formulas in the booking files', () => {
  it('BMD: the text defused, the amounts -12,50 and 2,08 plain numbers', () => {
    const [, record] = lines(bmdFile([document(FORMULA)]));
    expect(record).toBe(
      `0;2000;4000;RE 2026/0101;03.11.2026;AR;1;20;1;-12,50;2,08;"'=HYPERLINK(""http://example.com"";""Rabatt"")";RE 2026/0101`,
    );
  });

  it('DATEV: the Buchungstext defused and within its 60 characters, Umsatz unquoted, Belegfeld 1 without a leading sign', () => {
    const long = `=${'x'.repeat(80)}`;
    const [, , record] = lines(datevFile(chart, NOVEMBER, [document(long, '-RE1')], new Date('2026-12-01T10:00:00Z')));
    const fields = record.split(';');
    expect(fields.slice(0, 3)).toEqual(['12,50', '"H"', '"EUR"']);
    expect(fields[10]).toBe('"RE1"');
    expect(fields[13]).toBe(`"'=${'x'.repeat(DATEV_LIMITS.buchungstext - 2)}"`);
  });
});

import { describe, expect, it } from 'vitest';
import { csvStream, type ExportColumn } from './export-formats.present.js';

/** The CSV exports (decision 0422) as bytes, written by the one CSV writer (decision 0831). */

type Row = { name: string; amount: string | null; hours: number; date: string; count: number };

const columns: ExportColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Betrag', value: (r) => r.amount, kind: 'money' },
  { header: 'Stunden', value: (r) => r.hours, kind: 'hours' },
  { header: 'Datum', value: (r) => r.date, kind: 'date' },
  { header: 'Anzahl; gesamt', value: (r) => r.count },
];

async function* rows(): AsyncIterable<Row> {
  yield { name: 'Bäckerei Größ & Söhne; KG', amount: '-12.5', hours: 1.25, date: '2026-03-02', count: 3 };
  yield { name: '=HYPERLINK("http://example.com";"Rabatt")', amount: null, hours: -0.5, date: '2026-04-01', count: -2 };
}

describe('CSV export', () => {
  it('streams a BOM and the headings, then one chunk per row: semicolons, CRLF, decimal commas, formulas defused', async () => {
    const chunks = (await csvStream(columns, rows()).toArray()).map((c) => Buffer.from(c).toString('utf8'));
    expect(chunks).toEqual([
      '\uFEFFName;Betrag;Stunden;Datum;"Anzahl; gesamt"\r\n',
      '"Bäckerei Größ & Söhne; KG";-12,50;1,25;02.03.2026;3\r\n',
      '"\'=HYPERLINK(""http://example.com"";""Rabatt"")";;-0,50;01.04.2026;-2\r\n',
    ]);
  });
});

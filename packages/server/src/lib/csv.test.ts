import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText, defuseFormula } from './csv.js';

/** Decision 0831: the one CSV writer of the server and its one formula rule. */

describe('the CSV format', () => {
  it('writes semicolons and CRLF after every record, quoting a field only when it must be', () => {
    expect(csvText([['Huber', 'a;b', 'Sag "Hallo"', ' x', 'x ', 'a\nb', 'a\rb', ''], ['1']])).toBe(
      'Huber;"a;b";"Sag ""Hallo""";" x";"x ";"a\nb";"a\rb";\r\n1\r\n',
    );
  });

  it('quotes `{ quoted }` always, every field with quoteAll, and starts with a BOM when asked', () => {
    expect(csvText([[{ quoted: 'EUR' }, { quoted: '' }, '', null, '700']])).toBe('"EUR";"";;;700\r\n');
    expect(csvText([['a', '', null]], { quoteAll: true, bom: true })).toBe('\uFEFF"a";"";""\r\n');
    expect(csvText([['a', 'b;c']], { delimiter: ',' })).toBe('a,b;c\r\n');
    expect(csvText([])).toBe('');
  });

  it('reads back with csv-parse as the fields that went in (formulas defused), whatever they hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom(';', '"', '";"', '\r\n', '\r', '\n', ' ; ', '=1', '-12,50')), {
          minLength: 2,
          maxLength: 8,
        }),
        fc.constantFrom('plain', 'quoted', 'quoteAll'),
        (fields, how) => {
          const record = how === 'quoted' ? fields.map((quoted) => ({ quoted })) : fields;
          const text = csvText([record], { quoteAll: how === 'quoteAll' });
          const rows = parse(text, { delimiter: ';', record_delimiter: '\r\n' });
          expect(rows).toEqual([fields.map(defuseFormula)]);
        },
      ),
    );
  });
});

describe('the formula rule (CSV injection)', () => {
  it('puts an apostrophe before text that begins with = + - @, a tab or a carriage return', () => {
    const formulas = [
      '=HYPERLINK("http://example.com";"Rabatt")',
      '+43 660 1234567',
      "-2+3+cmd|' /C calc'!A0",
      '@SUMME(A1)',
      '\t=1',
      '\r=1',
      '\uFF1D1',
      '-',
      '-1e5',
      '-12,50 €',
    ];
    for (const text of formulas) expect(defuseFormula(text)).toBe(`'${text}`);
    expect(csvText([['=HYPERLINK("x")', '@x']])).toBe('"\'=HYPERLINK(""x"")";\'@x\r\n');
  });

  it('leaves plain numbers, numbers and other text as they are', () => {
    for (const text of ['-12,50', '-5', '+0042', '12.5', 'Huber', '1+1', 'a@b.at', "'=x", '']) {
      expect(defuseFormula(text)).toBe(text);
    }
    expect(csvText([[-12.5, -3n, '-12,50', '=1']])).toBe("-12.5;-3;-12,50;'=1\r\n");
  });

  it('defuses once: what it wrote stays as it is', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(defuseFormula(defuseFormula(text))).toBe(defuseFormula(text));
      }),
    );
  });
});

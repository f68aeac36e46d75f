import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  hundredthsToString,
  multiply,
  packageTotal,
  parseDecimalText,
  sumDecimalTexts,
  toHundredths,
} from './decimal.js';

describe('decimal', () => {
  it('parses numbers and strings exactly', () => {
    expect(toHundredths('12.5')).toBe(1250n);
    expect(toHundredths(0.1 + 0.2)).toBe(30n);
    expect(toHundredths('-0.25')).toBe(-25n);
    expect(() => toHundredths('abc')).toThrow();
  });

  it('rounds half up at cents', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(multiply('0.05', '0.5')).toBe(3n); // 0.025 → 0.03
  });

  it('computes package totals: hours × price × (1 − discount/100)', () => {
    expect(hundredthsToString(packageTotal('10', '50', '0'))).toBe('500.00');
    expect(hundredthsToString(packageTotal('2.5', '49.99', '3'))).toBe('121.23'); // 121.22575
    expect(hundredthsToString(packageTotal('1', '0.01', '50'))).toBe('0.01'); // 0.005 → 0.01
    expect(hundredthsToString(packageTotal('3', '50', '100'))).toBe('0.00');
  });

  it('never differs from the exact rational result by half a cent or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (hoursH, priceC, discountH) => {
          const total = packageTotal(hoursH / 100, priceC / 100, discountH / 100);
          // exact value in units of 1e-8 euro
          const exact = BigInt(hoursH) * BigInt(priceC) * BigInt(10_000 - discountH);
          const diff = total * 1_000_000n - exact;
          return diff <= 500_000n && diff > -500_000n;
        },
      ),
    );
  });

  it("reads a file's decimal text exactly, rounding half up only past the cents (decision 0725)", () => {
    expect(parseDecimalText('1.005')).toEqual({ hundredths: 101n, exact: false }); // 1.005 * 100 is 100.49999… as a float
    expect(parseDecimalText('0.00499')).toEqual({ hundredths: 0n, exact: false });
    expect(parseDecimalText('10.10000')).toEqual({ hundredths: 1010n, exact: true });
    expect(parseDecimalText('.5')).toEqual({ hundredths: 50n, exact: true });
    expect(parseDecimalText('9999999999999999.99')).toEqual({ hundredths: 999999999999999999n, exact: true });
    expect(parseDecimalText('-2.345')).toEqual({ hundredths: -235n, exact: false });
    for (const bad of ['', '.', '1e3', '1,5', 'abc', '1.2.3']) expect(() => parseDecimalText(bad), bad).toThrow();
  });

  it('sums file amounts exactly where float sums drift', () => {
    const texts = Array.from({ length: 1000 }, () => '0.10');
    expect(texts.reduce((sum, t) => sum + parseDecimalText(t).hundredths, 0n)).toBe(10000n);
    expect(texts.reduce((sum, t) => sum + Number(t), 0)).not.toBe(100); // what a float sum gives
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 3 }), (cents, extra) => {
        const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}${'0'.repeat(extra)}`;
        expect(parseDecimalText(text)).toEqual({ hundredths: cents, exact: true });
      }),
    );
  });

  it('sums decimal texts exactly and rounds once (charges of a bank file, decision 0725)', () => {
    expect(sumDecimalTexts(['0.1', '0.2'])).toEqual({ hundredths: 30n, exact: true });
    expect(sumDecimalTexts(['0.004', '0.004'])).toEqual({ hundredths: 1n, exact: false }); // per part: 0.00 + 0.00
    expect(sumDecimalTexts(['1.00005', '2.99995'])).toEqual({ hundredths: 400n, exact: true });
    expect(sumDecimalTexts(Array.from({ length: 300 }, () => '0.01')).hundredths).toBe(300n);
    expect(sumDecimalTexts([])).toEqual({ hundredths: 0n, exact: true });
  });
});

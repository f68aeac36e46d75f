import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hundredthsToString } from './decimal.js';
import { computeInvoiceTotals, lineNet, taxOf, totalsAsStrings } from './invoice-totals.js';

const euro = (cents: bigint) => hundredthsToString(cents);

describe('invoice totals', () => {
  it('rounds each line half-up to cents', () => {
    expect(euro(lineNet('3', '33.33'))).toBe('99.99');
    expect(euro(lineNet('0.5', '0.05'))).toBe('0.03'); // 0.025 → 0.03
    expect(euro(lineNet('1.25', '19.99'))).toBe('24.99'); // 24.9875
    expect(euro(lineNet('2', '-10'))).toBe('-20.00');
  });

  it('computes VAT once per rate on the summed nets, not per line', () => {
    // Three lines of 0.05 at 10 %: per line 0.005 would round to 0.01 each (0.03);
    // on the sum 0.15 the tax is 0.015 → 0.02.
    const totals = computeInvoiceTotals([
      { quantity: 1, unitPrice: '0.05', taxRate: 10 },
      { quantity: 1, unitPrice: '0.05', taxRate: 10 },
      { quantity: 1, unitPrice: '0.05', taxRate: 10 },
    ]);
    expect(totals.byRate).toEqual([{ taxRate: 10, exemption: null, net: 15n, tax: 2n, gross: 17n }]);
  });

  it('breaks a mixed invoice down per rate, highest rate first', () => {
    const totals = computeInvoiceTotals([
      { quantity: '10', unitPrice: '50', taxRate: 20 },
      { quantity: '1', unitPrice: '12.34', taxRate: 0 },
      { quantity: '2.5', unitPrice: '19.90', taxRate: 10 },
    ]);
    expect(totals.byRate.map((r) => [r.taxRate, euro(r.net), euro(r.tax)])).toEqual([
      [20, '500.00', '100.00'],
      [10, '49.75', '4.98'], // 4.975 → 4.98
      [0, '12.34', '0.00'],
    ]);
    expect(totalsAsStrings(totals)).toEqual({ totalNet: '562.09', totalTax: '104.98', totalGross: '667.07' });
  });

  it('keeps 0 % lines with different reasons apart and puts 13 % between 20 % and 10 %', () => {
    const totals = computeInvoiceTotals([
      { quantity: '1', unitPrice: '7.40', taxRate: 0, taxExemption: 'disbursement' },
      { quantity: '1', unitPrice: '80', taxRate: 13 },
      { quantity: '1', unitPrice: '100', taxRate: 0, taxExemption: 'reverse_charge' },
      { quantity: '1', unitPrice: '2.60', taxRate: 0, taxExemption: 'disbursement' },
      { quantity: '1', unitPrice: '10', taxRate: 20 },
    ]);
    expect(totals.byRate.map((r) => [r.taxRate, r.exemption, euro(r.net), euro(r.tax)])).toEqual([
      [20, null, '10.00', '2.00'],
      [13, null, '80.00', '10.40'],
      [0, 'reverse_charge', '100.00', '0.00'],
      [0, 'disbursement', '10.00', '0.00'],
    ]);
  });

  it('charges no VAT in Kleinunternehmer mode, whatever rate the lines carry', () => {
    const totals = computeInvoiceTotals(
      [
        { quantity: '2', unitPrice: '100', taxRate: 20 },
        { quantity: '1', unitPrice: '50', taxRate: 10 },
      ],
      true,
    );
    expect(totals.byRate).toEqual([{ taxRate: 0, exemption: 'small_business', net: 25_000n, tax: 0n, gross: 25_000n }]);
    expect(totals.gross).toBe(totals.net);
  });

  it('property: net = Σ line nets, tax = Σ per-rate tax, gross = net + tax, each rate within half a cent', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 100_000 }).map((q) => q / 100),
      unitPrice: fc.integer({ min: -100_000, max: 10_000_000 }).map((p) => p / 100),
      taxRate: fc.constantFrom(20, 10, 0),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const totals = computeInvoiceTotals(lines);
        const sumLines = totals.lineNets.reduce((a, b) => a + b, 0n);
        if (totals.net !== sumLines) return false;
        if (totals.gross !== totals.net + totals.tax) return false;
        for (const rate of totals.byRate) {
          // exact tax in 1/10000 cent units vs the rounded cents
          const diff = rate.tax * 100n - rate.net * BigInt(rate.taxRate);
          if (diff > 50n || diff < -50n) return false;
          if (rate.tax !== taxOf(rate.net, rate.taxRate)) return false;
        }
        return totals.byRate.reduce((a, r) => a + r.tax, 0n) === totals.tax;
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { lineNetCents, previewTotals } from './invoice-totals';

const line = (quantity: number, unit_price: number, tax_rate = 20, tax_exemption: any = null) => ({
  quantity,
  unit_price,
  tax_rate,
  tax_exemption,
});

describe('lineNetCents (a line: quantity × unit price, half-up to cents, DOMAIN-RULES §7)', () => {
  it('multiplies exactly in cents, not in binary fractions', () => {
    // 0.1 × 3 is 0.30000000000000004 in floats; the line is 30 cents.
    expect(lineNetCents(3, 0.1)).toBe(30);
    expect(lineNetCents(1.5, 48)).toBe(7200);
  });

  it('rounds half-up, away from zero for credit lines', () => {
    expect(lineNetCents(0.25, 0.1)).toBe(3); // 2.5 cents
    expect(lineNetCents(0.25, 0.02)).toBe(1); // 0.5 cents
    expect(lineNetCents(-0.25, 0.1)).toBe(-3);
  });
});

describe('previewTotals (the editor shows what the server will store)', () => {
  it('computes VAT once per rate on the sum of that rate’s nets', () => {
    // Three lines of € 0,05 at 20 %: per line the tax would be 1 cent each (3 cents),
    // on the sum (15 cents) it is 3 cents; gross 18 cents.
    const totals = previewTotals([line(1, 0.05), line(1, 0.05), line(1, 0.05)], false);
    expect(totals.rates).toEqual([{ tax_rate: 20, tax_exemption: null, net: 0.15, tax: 0.03, gross: 0.18 }]);
    expect(totals).toMatchObject({ net: 0.15, tax: 0.03, gross: 0.18 });
  });

  it('lists rates from high to low and keeps 0 % lines with different reasons apart, in the legal order', () => {
    const totals = previewTotals(
      [line(2, 100, 10), line(1, 20, 0, 'disbursement'), line(1, 480, 20), line(1, 50, 0, 'reverse_charge')],
      false,
    );
    expect(totals.rates.map((r) => [r.tax_rate, r.tax_exemption, r.net, r.tax])).toEqual([
      [20, null, 480, 96],
      [10, null, 200, 20],
      [0, 'reverse_charge', 50, 0],
      [0, 'disbursement', 20, 0],
    ]);
    expect(totals).toMatchObject({ net: 750, tax: 116, gross: 866 });
  });

  it('as a Kleinunternehmer every line is 0 % for the small-business reason', () => {
    const totals = previewTotals([line(1, 100, 20), line(2, 10, 13)], true);
    expect(totals.rates).toEqual([{ tax_rate: 0, tax_exemption: 'small_business', net: 120, tax: 0, gross: 120 }]);
  });

  it('treats an empty quantity or price as 0 while the user types', () => {
    const totals = previewTotals([{ quantity: Number.NaN, unit_price: 12, tax_rate: 20 }, line(1, 10)], false);
    expect(totals).toMatchObject({ net: 10, tax: 2, gross: 12 });
  });
});

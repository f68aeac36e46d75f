import { describe, expect, it } from 'vitest';
import { defaultInterestCents, defaultInterestRate } from './default-interest.js';

const base = { received: [], rateThousandths: 4_000n };

describe('default interest (§ 1000 ABGB, § 456 UGB)', () => {
  it('is 4 % p.a. for consumers and base rate + 9.2 points for businesses', () => {
    expect(defaultInterestRate(false, '1.53')).toBe(4_000n);
    expect(defaultInterestRate(true, '1.53')).toBe(10_730n);
    expect(defaultInterestRate(true, '-0.62')).toBe(8_580n);
  });

  it('a whole common year at 4 % on € 1.000,00 is € 40,00', () => {
    const cents = defaultInterestCents({ ...base, grossCents: 100_000n, dueDate: '2026-12-31', until: '2027-12-31' });
    expect(cents).toBe(4_000n);
  });

  it('a whole leap year at 4 % on € 1.000,00 is also € 40,00 (366 days of 1/366)', () => {
    const cents = defaultInterestCents({ ...base, grossCents: 100_000n, dueDate: '2027-12-31', until: '2028-12-31' });
    expect(cents).toBe(4_000n);
  });

  it('counts 29 February as a 366th of the year', () => {
    // € 1.000 at 4 %: 2028-02-01..2028-02-29 = 29 days of 1/366 → 40 × 29 / 366 = 3.1693… → € 3,17.
    const leap = defaultInterestCents({ ...base, grossCents: 100_000n, dueDate: '2028-01-31', until: '2028-02-29' });
    expect(leap).toBe(317n);
    // 2027-02-01..2027-02-28 = 28 days of 1/365 → 40 × 28 / 365 = 3.0684… → € 3,07.
    const common = defaultInterestCents({ ...base, grossCents: 100_000n, dueDate: '2027-01-31', until: '2027-02-28' });
    expect(common).toBe(307n);
  });

  it('splits a period across the turn of a leap year day by day', () => {
    // € 1.234,56 at 10.73 %: 10 days of 2027 (/365) and 20 days of 2028 (/366).
    // 123456 × 10.73 % × (10/365 + 20/366) = 1,086.80… cents → € 10,87.
    const cents = defaultInterestCents({
      grossCents: 123_456n,
      dueDate: '2027-12-21',
      until: '2028-01-20',
      received: [],
      rateThousandths: 10_730n,
    });
    expect(cents).toBe(1087n);
  });

  it('accrues on the amount still open after a partial payment', () => {
    // € 1.000 due 2026-01-31; € 600 paid on 2026-03-03 (counts from that day).
    // Feb 1..Mar 2 = 30 days on 1000, Mar 3..Mar 31 = 29 days on 400, all /365 at 4 %.
    // 40 × 30/365 + 16 × 29/365 = 3.2877 + 1.2712 = 4.5589… → € 4,56.
    const cents = defaultInterestCents({
      ...base,
      grossCents: 100_000n,
      dueDate: '2026-01-31',
      until: '2026-03-31',
      received: [{ date: '2026-03-03', cents: 60_000n }],
    });
    expect(cents).toBe(456n);
  });

  it('is nothing before the due date has passed and nothing once paid in full', () => {
    expect(defaultInterestCents({ ...base, grossCents: 100_000n, dueDate: '2026-05-01', until: '2026-05-01' })).toBe(
      0n,
    );
    const paid = defaultInterestCents({
      ...base,
      grossCents: 100_000n,
      dueDate: '2026-01-31',
      until: '2026-12-31',
      received: [{ date: '2026-01-20', cents: 100_000n }],
    });
    expect(paid).toBe(0n);
  });
});

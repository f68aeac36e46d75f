import { describe, expect, it } from 'vitest';
import { subscriptionEndDate, subscriptionMonthlyPrice } from './subscription-math';

describe('subscriptionEndDate (end = start + months − 1 day, DOMAIN-RULES §4)', () => {
  it('ends the day before the same date months later', () => {
    expect(subscriptionEndDate('2026-01-01', 12)).toBe('2026-12-31');
    expect(subscriptionEndDate('2026-03-10', 1)).toBe('2026-04-09');
    expect(subscriptionEndDate('2026-11-15', 3)).toBe('2027-02-14');
  });

  it('clamps a start on the 29th–31st to the last day of a shorter month first', () => {
    expect(subscriptionEndDate('2026-01-31', 1)).toBe('2026-02-27');
    expect(subscriptionEndDate('2028-01-31', 1)).toBe('2028-02-28'); // leap year: 29 − 1
    expect(subscriptionEndDate('2026-08-31', 1)).toBe('2026-09-29');
  });

  it('crosses the year and a month boundary on the first', () => {
    expect(subscriptionEndDate('2026-12-01', 1)).toBe('2026-12-31');
    expect(subscriptionEndDate('2027-03-01', 1)).toBe('2027-03-31');
  });
});

describe('subscriptionMonthlyPrice (monthly hours × price per hour, to the cent)', () => {
  it('computes in cents', () => {
    expect(subscriptionMonthlyPrice(10, 50)).toBe(500);
    expect(subscriptionMonthlyPrice(2.5, 49.9)).toBe(124.75);
    expect(subscriptionMonthlyPrice(0.25, 0.1)).toBe(0.03);
  });
});

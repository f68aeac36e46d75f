import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subscriptionEndDate } from './subscription-periods.js';

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

  it('agrees with the calendar of Date on any start and term', () => {
    const day = fc.integer({ min: 0, max: 365 * 8 }).map((n) => new Date(Date.UTC(2024, 0, 1 + n)));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 120 }), (start, months) => {
        const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
        const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
        target.setUTCDate(Math.min(start.getUTCDate(), last) - 1);
        expect(subscriptionEndDate(start.toISOString().slice(0, 10), months)).toBe(target.toISOString().slice(0, 10));
      }),
    );
  });
});

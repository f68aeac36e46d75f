import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.js';
import { dailyRate, daysBetween, packageLastsUntil, subscriptionLastsUntil } from './forecast.js';
import { subscriptionPeriods } from './subscription-periods.js';

describe('dailyRate', () => {
  it('averages over 90 days, or over the days since the balance exists; nothing with too little history', () => {
    expect(dailyRate('2026-06-30', { hours: 45, entries: 10, since: '2025-01-01' })).toBeCloseTo(0.5);
    // ButlerPaket since 1 June: 30 days observed, not 90.
    expect(dailyRate('2026-06-30', { hours: 15, entries: 5, since: '2026-06-01' })).toBeCloseTo(0.5);
    expect(dailyRate('2026-06-30', { hours: 15, entries: 5, since: '2026-06-04' })).toBeNull(); // 27 days
    expect(dailyRate('2026-06-30', { hours: 15, entries: 2, since: '2025-06-01' })).toBeNull();
    expect(dailyRate('2026-06-30', { hours: 0, entries: 0, since: '2025-06-01' })).toBeNull();
    // Corrections may leave a net negative: no forecast.
    expect(dailyRate('2026-06-30', { hours: -2, entries: 4, since: '2025-06-01' })).toBeNull();
  });
});

describe('packageLastsUntil', () => {
  it('counts the whole days the remaining hours cover', () => {
    expect(packageLastsUntil('2026-01-20', 5, 0.5)).toBe('2026-01-30');
    expect(packageLastsUntil('2028-02-20', 10, 1)).toBe('2028-03-01'); // leap year: 29 Feb counts
    expect(packageLastsUntil('2027-02-20', 10, 1)).toBe('2027-03-02');
    expect(packageLastsUntil('2026-01-20', 0, 0.5)).toBeNull();
    expect(packageLastsUntil('2026-01-20', -1, 0.5)).toBeNull();
  });
});

describe('subscriptionLastsUntil', () => {
  const sub = { startDate: '2026-01-01', durationMonths: 12, monthlyHours: 10 };
  it('uses the carry-over first and adds each later month on its first day', () => {
    // 10 h/month used at 0.5 h/day lasts ~20 days a month: runs out within this month.
    expect(subscriptionLastsUntil('2026-03-10', { ...sub, balance: 4 }, 0.5)).toEqual({
      date: '2026-03-18',
      untilTermEnd: false,
    });
    // 12 h carry-over + 10 h: from 10 March, 22 days are 11 h, then April adds 10 h …
    expect(subscriptionLastsUntil('2026-03-10', { ...sub, balance: 22 }, 1)).toEqual({
      date: '2026-04-11',
      untilTermEnd: false,
    });
    // Using less than the allotment: lasts to the end of the term.
    expect(subscriptionLastsUntil('2026-03-10', { ...sub, balance: 5 }, 0.2)).toEqual({
      date: '2026-12-31',
      untilTermEnd: true,
    });
    expect(subscriptionLastsUntil('2026-03-10', { ...sub, balance: 0 }, 0.2)).toBeNull();
  });

  it('month ends and leap years: a term from the 31st, periods clamped to the month', () => {
    const fromEnd = { startDate: '2028-01-31', durationMonths: 3, monthlyHours: 29 };
    // 1 h a day from 1 Feb: period 1 (31.01.–28.02.) leaves 1 h; period 2 starts on the
    // leap day 29.02. and runs to 30.03. (31 days) with 29 + 1 h: covered up to 29.03.
    expect(subscriptionLastsUntil('2028-01-31', { ...fromEnd, balance: 29 }, 1)).toEqual({
      date: '2028-03-29',
      untilTermEnd: false,
    });
    expect(subscriptionPeriods('2028-01-31', 3).map((p) => p.start)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });
});

/** Day-by-day reference: each day from tomorrow uses `rate`; a period's hours arrive on its first day. */
function simulate(
  today: string,
  startDate: string,
  durationMonths: number,
  monthly: number,
  balance: number,
  rate: number,
) {
  const periods = subscriptionPeriods(startDate, durationMonths);
  const termEnd = periods[periods.length - 1].end;
  const starts = new Set(periods.map((p) => p.start));
  let b = balance;
  let day = today;
  while (day < termEnd) {
    const next = addDays(day, 1);
    if (starts.has(next) && next > today) b += monthly;
    if (b - rate < -1e-9) return { date: day, untilTermEnd: false };
    b -= rate;
    day = next;
  }
  return { date: termEnd, untilTermEnd: true };
}

const isoDay = fc.integer({ min: 0, max: 365 * 8 }).map((n) => addDays('2024-01-01', n));

describe('properties', () => {
  it('the forecast equals a day-by-day simulation (month ends, leap years, carry-over)', () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 80 }).map((q) => q / 2),
        fc.integer({ min: 1, max: 400 }).map((q) => q / 4),
        fc.integer({ min: 1, max: 300 }).map((q) => q / 100),
        fc.integer({ min: 0, max: 700 }),
        (startDate, months, monthly, balance, rate, offset) => {
          const periods = subscriptionPeriods(startDate, months);
          const termEnd = periods[periods.length - 1].end;
          const today = addDays(startDate, offset % (daysBetween(startDate, termEnd) + 1));
          const got = subscriptionLastsUntil(
            today,
            { startDate, durationMonths: months, monthlyHours: monthly, balance },
            rate,
          );
          expect(got).toEqual(simulate(today, startDate, months, monthly, balance, rate));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('more hours never shorten the forecast; a faster rate never lengthens it', () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 1, max: 400 }).map((q) => q / 4),
        fc.integer({ min: 0, max: 200 }).map((q) => q / 4),
        fc.integer({ min: 1, max: 300 }).map((q) => q / 100),
        fc.integer({ min: 0, max: 200 }).map((q) => q / 100),
        (today, remaining, bought, rate, faster) => {
          // A package bought later adds hours: the date moves out (or stays).
          const before = packageLastsUntil(today, remaining, rate) as string;
          const after = packageLastsUntil(today, remaining + bought, rate) as string;
          expect(after >= before).toBe(true);
          expect((packageLastsUntil(today, remaining, rate + faster) as string) <= before).toBe(true);
          expect(before >= today).toBe(true);
          const sub = { startDate: today, durationMonths: 12, monthlyHours: 10 };
          const a = subscriptionLastsUntil(today, { ...sub, balance: remaining }, rate)!;
          const b = subscriptionLastsUntil(today, { ...sub, balance: remaining + bought }, rate)!;
          expect(b.date >= a.date).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

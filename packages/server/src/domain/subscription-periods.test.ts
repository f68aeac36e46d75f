import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar.js';
import { subscriptionPeriods, summarizeSubscription } from './subscription-periods.js';

describe('subscription periods', () => {
  it('ends one day before start + duration months', () => {
    expect(subscriptionEndDate('2026-01-01', 12)).toBe('2026-12-31');
    expect(subscriptionEndDate('2026-01-15', 1)).toBe('2026-02-14');
    expect(subscriptionEndDate('2026-01-31', 1)).toBe('2026-02-27');
    expect(subscriptionEndDate('2028-01-31', 1)).toBe('2028-02-28'); // leap year: Feb 29 − 1
  });

  it('splits a term starting on the 31st into gap-free periods named by their first day', () => {
    const periods = subscriptionPeriods('2026-01-31', 3);
    expect(periods.map((p) => [p.start, p.end, p.month])).toEqual([
      ['2026-01-31', '2026-02-27', '2026-01'],
      ['2026-02-28', '2026-03-30', '2026-02'],
      ['2026-03-31', '2026-04-29', '2026-03'],
    ]);
    expect(periods[0].monthDisplay).toBe('Jänner 2026');
  });

  it('periods always cover the term without gaps or overlaps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2035 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 36 }),
        (year, month, day, duration) => {
          const start = `${year}-${String(month).padStart(2, '0')}-01`;
          const startDate = addMonths(start, 0).slice(0, 8) + String(Math.min(day, 28)).padStart(2, '0');
          const periods = subscriptionPeriods(startDate, duration);
          if (periods[0].start !== startDate) return false;
          if (periods.at(-1)!.end !== subscriptionEndDate(startDate, duration)) return false;
          return periods.every((p, i) => i === 0 || p.start > periods[i - 1].end);
        },
      ),
    );
  });
});

describe('summarizeSubscription', () => {
  const terms = { startDate: '2026-09-01', durationMonths: 6, monthlyHours: '10' };

  it('carries unused hours over and counts only started periods', () => {
    const summary = summarizeSubscription(
      terms,
      [
        { workDate: '2026-09-10', hours: '4' },
        { workDate: '2026-10-05', hours: '12.5' },
        { workDate: '2026-11-02', hours: '3.25' },
        { workDate: '2026-08-31', hours: '99' }, // before the term: ignored
      ],
      '2026-11-22',
    );
    expect(summary.periods.filter((p) => p.started).map((p) => p.balance)).toEqual([6, -2.5, 6.75]);
    expect(summary.totalBalance).toBe(10.25);
    expect(summary.totalHoursOverLifetime).toBe(60);
    expect(summary.totalHoursUsedOverLifetime).toBe(19.75);
    expect(summary.current?.month).toBe('2026-11');
    expect(summary.currentMonthHoursUsed).toBe(3.25);
    expect(summary.currentMonthHoursRemaining).toBe(6.75);
  });

  it('negative corrections give hours back', () => {
    const summary = summarizeSubscription(
      terms,
      [
        { workDate: '2026-09-10', hours: '5' },
        { workDate: '2026-09-11', hours: '-1.5' },
      ],
      '2026-09-30',
    );
    expect(summary.currentMonthHoursUsed).toBe(3.5);
    expect(summary.totalBalance).toBe(6.5);
  });

  it('has no current period before the start and after the end', () => {
    expect(summarizeSubscription(terms, [], '2026-08-31').current).toBeNull();
    expect(summarizeSubscription(terms, [], '2026-08-31').totalBalance).toBe(0);
    const expired = summarizeSubscription(terms, [], '2027-03-01');
    expect(expired.current).toBeNull();
    expect(expired.totalBalance).toBe(60);
  });

  it('total balance equals the sum of started period balances (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 200 }), quarters: fc.integer({ min: -20, max: 40 }) })),
        fc.integer({ min: 0, max: 200 }),
        (raw, todayOffset) => {
          const base = new Date(Date.UTC(2026, 8, 1));
          const iso = (offset: number) => new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
          const entries = raw
            .filter((e) => e.quarters !== 0)
            .map((e) => ({ workDate: iso(e.day), hours: e.quarters / 4 }));
          const s = summarizeSubscription(terms, entries, iso(todayOffset));
          const sum = s.periods.filter((p) => p.started).reduce((acc, p) => acc + Math.round(p.balance * 100), 0);
          return sum === Math.round(s.totalBalance * 100);
        },
      ),
    );
  });
});

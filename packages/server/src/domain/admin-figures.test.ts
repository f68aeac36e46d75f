import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryCustomer, day, iso } from '../../test/hour-arbitraries.js';
import { type CustomerHours, customersMonthly, dashboardStats, monthFigures, yearFigures } from './admin-figures.js';
import { packageBalance } from './hour-packages.js';

const h = (value: bigint) => Number(value) / 100;
const show = (f: { total: bigint; used: bigint; open: bigint }) => [h(f.total), h(f.used), h(f.open)];

/**
 * Hand-made customer. Subscription from 31 Jan 2026, 3 months, 10 h/month. Periods
 * (clamped): 31.01.–27.02. (named 2026-01), 28.02.–30.03. (2026-02), 31.03.–29.04. (2026-03).
 * Packages: 5 h bought 15.12.2025, 10 h bought 01.02.2026.
 */
const anna: CustomerHours = {
  id: 1,
  subscriptions: [{ startDate: '2026-01-31', durationMonths: 3, monthlyHours: '10', isActive: true }],
  packages: [
    { purchaseDate: '2025-12-15', hours: '5' },
    { purchaseDate: '2026-02-01', hours: '10' },
  ],
  entries: [
    { workDate: '2026-02-10', hours: '4', billingType: 'abos' }, // period named January
    { workDate: '2026-02-28', hours: '2', billingType: 'abos' }, // first day of the February period
    { workDate: '2026-03-31', hours: '1', billingType: 'abos' }, // March period
    { workDate: '2026-01-10', hours: '3', billingType: 'stundenpakete' },
    { workDate: '2026-02-05', hours: '8', billingType: 'stundenpakete' },
    { workDate: '2026-02-20', hours: '-1', billingType: 'stundenpakete' }, // correction gives 1 h back
    { workDate: '2026-03-03', hours: '6', billingType: 'stundenpakete' },
  ],
};

describe('monthFigures (DOMAIN-RULES §4 admin figures)', () => {
  it('names periods by their first day, so a start on the 31st never skips February', () => {
    expect(show(monthFigures(anna, 2026, 1).butler)).toEqual([10, 4, 6]); // 4 h on 10.02. belong to the Jan period
    expect(show(monthFigures(anna, 2026, 2).butler)).toEqual([10, 2, 8]);
    expect(show(monthFigures(anna, 2026, 3).butler)).toEqual([10, 1, 9]);
    expect(show(monthFigures(anna, 2026, 4).butler)).toEqual([0, 0, 0]); // expired after 29.04.
  });

  it('package total = bought up to the month end − used before; corrections and overuse count', () => {
    expect(show(monthFigures(anna, 2026, 1).packages)).toEqual([5, 3, 2]); // 5 − 0; used 3
    expect(show(monthFigures(anna, 2026, 2).packages)).toEqual([12, 7, 5]); // 15 − 3; 8 − 1
    expect(show(monthFigures(anna, 2026, 3).packages)).toEqual([5, 6, -1]); // 15 − 10; overuse
    expect(show(monthFigures(anna, 2026, 4).packages)).toEqual([-1, 0, -1]); // in Minus
    expect(show(monthFigures(anna, 2025, 11).packages)).toEqual([0, 0, 0]); // before anything was bought
  });

  it('handles a leap-year February period (start on the 31st → 29 February)', () => {
    const leap: CustomerHours = {
      id: 2,
      subscriptions: [{ startDate: '2028-01-31', durationMonths: 2, monthlyHours: '7.5', isActive: true }],
      packages: [],
      entries: [
        { workDate: '2028-02-29', hours: '1.25', billingType: 'abos' },
        { workDate: '2028-03-30', hours: '2', billingType: 'abos' },
        { workDate: '2028-03-31', hours: '9', billingType: 'abos' }, // after the term
      ],
    };
    expect(show(monthFigures(leap, 2028, 2).butler)).toEqual([7.5, 3.25, 4.25]);
    expect(show(monthFigures(leap, 2028, 1).butler)).toEqual([7.5, 0, 7.5]);
  });

  it('ignores inactive subscriptions (decision 0121)', () => {
    const inactive = { ...anna, subscriptions: [{ ...anna.subscriptions[0], isActive: false }] };
    expect(show(monthFigures(inactive, 2026, 2).butler)).toEqual([0, 0, 0]);
  });
});

describe('yearFigures', () => {
  it('adds the butler months; packages = carried in at 1 January + bought in the year', () => {
    const y = yearFigures(anna, 2026);
    expect(show(y.butler)).toEqual([30, 7, 23]);
    expect(show(y.packages)).toEqual([15, 16, -1]); // 5 carried in + 10 bought; used 3 + 7 + 6
  });
});

describe('customersMonthly', () => {
  it('lists only customers with a total above 0 in that month', () => {
    const nobody: CustomerHours = { id: 3, subscriptions: [], packages: [], entries: [] };
    expect(customersMonthly([anna, nobody], 2026, 2).map((c) => c.id)).toEqual([1]);
    expect(customersMonthly([anna, nobody], 2026, 4)).toEqual([]); // butler 0, packages −1
  });
});

describe('dashboardStats', () => {
  it('matches the hand-derived figures for 15 February 2026', () => {
    const stats = dashboardStats([anna], '2026-02-15');
    expect(stats).toEqual({
      openHoursCurrentMonth: 13, // butler 8 + packages 5
      totalHoursCurrentMonth: 22, // butler 10 + packages 12
      openHoursCurrentYear: 17, // butler Feb 8 + Mar 9 (Apr–Dec 0); packages max(0, −1)
      totalHoursCurrentYear: 45, // butler 30 + packages 15
      soldAboHoursYearly: 30,
      soldPackageHoursYearly: 10, // only the package bought in 2026
      openHoursCurrentMonthButlerOnly: 8,
      openHoursCurrentYearButlerOnly: 17,
      totalHoursCurrentMonthButlerOnly: 10,
      totalHoursCurrentYearButlerOnly: 30,
      usedHoursCurrentMonthButlerOnly: 2,
      usedHoursCurrentYearButlerOnly: 7,
    });
  });

  it('counts a customer’s open hours only when above 0', () => {
    const overused: CustomerHours = {
      id: 4,
      subscriptions: [{ startDate: '2026-02-01', durationMonths: 1, monthlyHours: '5', isActive: true }],
      packages: [],
      entries: [{ workDate: '2026-02-03', hours: '8', billingType: 'abos' }],
    };
    const stats = dashboardStats([anna, overused], '2026-02-15');
    expect(stats.openHoursCurrentMonthButlerOnly).toBe(8); // −3 of the overused customer is not subtracted
    expect(stats.usedHoursCurrentMonthButlerOnly).toBe(10);
    expect(stats.totalHoursCurrentMonthButlerOnly).toBe(15);
  });
});

describe('admin figure invariants (properties)', () => {
  it('butler-only figures never exceed the combined ones', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCustomer(1), { maxLength: 4 }), day, (customers, today) => {
        const s = dashboardStats(customers, iso(today));
        return (
          s.openHoursCurrentMonthButlerOnly <= s.openHoursCurrentMonth &&
          s.openHoursCurrentYearButlerOnly <= s.openHoursCurrentYear &&
          s.totalHoursCurrentMonthButlerOnly <= s.totalHoursCurrentMonth &&
          s.totalHoursCurrentYearButlerOnly <= s.totalHoursCurrentYear &&
          s.openHoursCurrentMonth >= 0 &&
          s.openHoursCurrentYear >= s.openHoursCurrentMonthButlerOnly
        );
      }),
    );
  });

  it('each active period is counted in exactly one month: the months add up to monthly hours × duration', () => {
    fc.assert(
      fc.property(arbitraryCustomer(1), (c) => {
        let total = 0n;
        for (let year = 2025; year <= 2029; year++) total += yearFigures(c, year).butler.total;
        const expected = c.subscriptions
          .filter((s) => s.isActive)
          .reduce((acc, s) => acc + BigInt(Math.round(Number(s.monthlyHours) * 100)) * BigInt(s.durationMonths), 0n);
        return total === expected;
      }),
    );
  });

  it('package open hours of a month = the package balance at that month’s end', () => {
    fc.assert(
      fc.property(
        arbitraryCustomer(1),
        fc.integer({ min: 2025, max: 2027 }),
        fc.integer({ min: 1, max: 12 }),
        (c, y, m) => {
          const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
          const balance = packageBalance(
            c.packages.filter((p) => p.purchaseDate <= end),
            c.entries.filter((e) => e.billingType === 'stundenpakete' && e.workDate <= end),
          );
          return h(monthFigures(c, y, m).packages.open) === balance.remaining;
        },
      ),
    );
  });
});

import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject } from '../../../test/factories.js';
import { arbitraryCustomer, day, iso } from '../../../test/hour-arbitraries.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, hourPackages, subscriptions, timeEntries } from '../../db/schema/index.js';
import {
  type CustomerHours,
  customersMonthly as referenceMonthly,
  dashboardStats as referenceStats,
} from '../../domain/admin-figures.js';
import { packageBalance as referencePackageBalance } from '../../domain/hour-packages.js';
import { subscriptionPeriods, summarizeSubscription } from '../../domain/subscription-periods.js';
import { EVERY_CUSTOMER } from '../../lib/customer-scope.js';
import { dashboardHourStats } from './admin-figures.repo.js';
import { packageBalance, subscriptionBalances, subscriptionHistory } from './customer-hours.repo.js';
import { customersMonthly } from './monthly-figures.service.js';

/**
 * The SQL aggregation must give exactly the numbers of the pure reference functions
 * (domain/admin-figures.ts, subscription-periods.ts, hour-packages.ts) on random data:
 * starts on the 29th–31st, leap Februaries, negative corrections, overuse, inactive terms.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** Replaces all hour data with `data`; returns the customers with their real ids. */
async function load(data: CustomerHours[]): Promise<CustomerHours[]> {
  await ctx.db.delete(customers);
  const loaded: CustomerHours[] = [];
  for (const c of data) {
    const customer = await buildCustomer(ctx.db);
    const project = await buildProject(ctx.db, customer.id);
    if (c.subscriptions.length) {
      await ctx.db.insert(subscriptions).values(
        c.subscriptions.map((s) => ({
          customerId: customer.id,
          durationMonths: s.durationMonths,
          monthlyHours: String(s.monthlyHours),
          monthlyPrice: '0',
          originalMonthlyPrice: '0',
          startDate: s.startDate,
          endDate: subscriptionEndDate(s.startDate, s.durationMonths),
          isActive: s.isActive,
        })),
      );
    }
    if (c.packages.length) {
      await ctx.db.insert(hourPackages).values(
        c.packages.map((p) => ({
          customerId: customer.id,
          hours: String(p.hours),
          pricePerHour: '0',
          totalPrice: '0',
          purchaseDate: p.purchaseDate,
          createdBy: 'test',
        })),
      );
    }
    if (c.entries.length) {
      await ctx.db.insert(timeEntries).values(
        c.entries.map((e) => ({
          customerId: customer.id,
          projectId: project.id,
          hours: String(e.hours),
          activityDescription: 'x',
          workDate: e.workDate,
          createdBy: 'test',
          billingType: e.billingType,
        })),
      );
    }
    loaded.push({ ...c, id: customer.id });
  }
  return loaded;
}

const customersArb = fc.array(arbitraryCustomer(0), { minLength: 1, maxLength: 4 });
const runs = { numRuns: Number(process.env.FC_RUNS ?? 20) };
/** Each run reloads the data; generous on a shared, busy machine. */
const SLOW = 180_000;

describe('SQL hour accounting = reference functions', () => {
  it(
    'customers-monthly figures',
    async () => {
      await fc.assert(
        fc.asyncProperty(customersArb, fc.integer({ min: 2025, max: 2027 }), async (data, year) => {
          const loaded = await load(data);
          for (const m of Array.from({ length: 12 }, (_, i) => ({ year, month: i + 1 }))) {
            const expected = referenceMonthly(loaded, m.year, m.month).map((c) => ({
              id: c.id,
              butler: [c.butler.total, c.butler.used, c.butler.open].map((v) => Number(v) / 100),
              packages: [c.packages.total, c.packages.used, c.packages.open].map((v) => Number(v) / 100),
            }));
            const actual = (await customersMonthly(ctx.db, m.year, m.month)).map((c) => ({
              id: c.id,
              butler: [c.butler_packages.hours_total, c.butler_packages.hours_used, c.butler_packages.hours_open],
              packages: [c.hour_packages.hours_total, c.hour_packages.hours_used, c.hour_packages.hours_open],
            }));
            expect(actual.sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a.id - b.id));
          }
        }),
        runs,
      );
    },
    SLOW,
  );

  it(
    'dashboard stats',
    async () => {
      await fc.assert(
        fc.asyncProperty(customersArb, day, async (data, today) => {
          const loaded = await load(data);
          const r = referenceStats(loaded, iso(today));
          const actual = await dashboardHourStats(ctx.db, iso(today), EVERY_CUSTOMER);
          expect(actual).toEqual({
            open_hours_current_month: r.openHoursCurrentMonth,
            total_hours_current_month: r.totalHoursCurrentMonth,
            open_hours_current_year: r.openHoursCurrentYear,
            total_hours_current_year: r.totalHoursCurrentYear,
            sold_abo_hours_yearly: r.soldAboHoursYearly,
            sold_package_hours_yearly: r.soldPackageHoursYearly,
            open_hours_current_month_butler_only: r.openHoursCurrentMonthButlerOnly,
            open_hours_current_year_butler_only: r.openHoursCurrentYearButlerOnly,
            total_hours_current_month_butler_only: r.totalHoursCurrentMonthButlerOnly,
            total_hours_current_year_butler_only: r.totalHoursCurrentYearButlerOnly,
            used_hours_current_month_butler_only: r.usedHoursCurrentMonthButlerOnly,
            used_hours_current_year_butler_only: r.usedHoursCurrentYearButlerOnly,
          });
        }),
        runs,
      );
    },
    SLOW,
  );

  it(
    'subscription balances, history and package balance of one customer',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryCustomer(0), day, async (data, todayOffset) => {
          const today = iso(todayOffset);
          const [c] = await load([data]);
          const abos = c.entries.filter((e) => e.billingType === 'abos');
          const balances = await subscriptionBalances(ctx.db, c.id, today);
          const rows = await ctx.db.select().from(subscriptions);
          for (const row of rows) {
            const ref = summarizeSubscription(
              { startDate: row.startDate, durationMonths: row.durationMonths, monthlyHours: row.monthlyHours },
              abos,
              today,
            );
            const got = balances.get(row.id)!;
            expect(got.totalBalance).toBe(ref.totalBalance);
            expect(got.totalHoursUsedOverLifetime).toBe(ref.totalHoursUsedOverLifetime);
            expect(got.current?.used ?? null).toBe(ref.current ? ref.currentMonthHoursUsed : null);
            expect(got.current?.start ?? null).toBe(ref.current?.start ?? null);
            const history = await subscriptionHistory(ctx.db, row.id, today);
            const started = ref.periods.filter((p) => p.started).reverse();
            expect(history.map((p) => [p.periodStart, p.periodEnd, p.allocated, p.used, p.balance])).toEqual(
              started.map((p) => [p.start, p.end, p.allocatedHours, p.usedHours, p.balance]),
            );
          }
          const pkg = await packageBalance(ctx.db, c.id);
          expect(pkg).toEqual(
            referencePackageBalance(
              c.packages,
              c.entries.filter((e) => e.billingType === 'stundenpakete'),
            ),
          );
        }),
        runs,
      );
    },
    SLOW,
  );
});

describe('SQL hand case', () => {
  it('an entry on the first day of a period belongs to that period only', async () => {
    const [c] = await load([
      {
        id: 0,
        subscriptions: [{ startDate: '2026-01-31', durationMonths: 3, monthlyHours: 10, isActive: true }],
        packages: [],
        entries: [
          { workDate: '2026-02-28', hours: 2, billingType: 'abos' }, // first day of the 2nd period
          { workDate: '2026-03-30', hours: 1, billingType: 'abos' }, // its last day, a month + 2 days later
        ],
      },
    ]);
    const jan = await customersMonthly(ctx.db, 2026, 1);
    const feb = await customersMonthly(ctx.db, 2026, 2);
    expect(jan).toEqual([
      expect.objectContaining({ id: c.id, butler_packages: { hours_total: 10, hours_used: 0, hours_open: 10 } }),
    ]);
    expect(feb[0].butler_packages).toEqual({ hours_total: 10, hours_used: 3, hours_open: 7 });
  });
});

describe('SQL and TS agree on period ends', () => {
  // Starts on the 29th–31st, leap Februaries (2028, 2000; not 2100), year ends.
  const TRICKY: Array<[string, number]> = [
    ['2026-01-31', 1],
    ['2027-01-31', 1],
    ['2028-01-31', 1],
    ['2028-01-30', 1],
    ['2028-01-29', 1],
    ['2028-02-29', 1],
    ['2028-02-29', 12],
    ['2027-02-28', 12],
    ['2026-08-31', 1],
    ['2026-03-31', 11],
    ['2026-12-31', 2],
    ['2027-12-31', 2],
    ['2026-12-01', 1],
    ['2000-01-31', 1],
    ['2100-01-31', 1],
    ['2026-05-31', 120],
  ];

  it('start + make_interval(months => n) − 1 is subscriptionEndDate', async () => {
    // One parameter holding an array literal: drizzle would spread a JS array into a list.
    const starts = `{${TRICKY.map(([start]) => start).join(',')}}`;
    const months = `{${TRICKY.map(([, n]) => n).join(',')}}`;
    const { rows } = await ctx.db.execute<{ end: string }>(sql`
      SELECT ((t.s + make_interval(months => t.m))::date - 1)::text AS end
      FROM unnest(${starts}::date[], ${months}::int[]) WITH ORDINALITY AS t(s, m, n) ORDER BY t.n`);
    expect(rows.map((r) => r.end)).toEqual(TRICKY.map(([start, n]) => subscriptionEndDate(start, n)));
  });

  it("period-sql.ts's periods end where subscriptionPeriods' do, the last on the term's end", async () => {
    await load([
      {
        id: 0,
        subscriptions: TRICKY.filter(([, n]) => n <= 13).map(([startDate, n]) => ({
          startDate,
          durationMonths: n + 1,
          monthlyHours: 1,
          isActive: true,
        })),
        packages: [],
        entries: [],
      },
    ]);
    const rows = await ctx.db.select().from(subscriptions);
    expect(rows).toHaveLength(TRICKY.filter(([, n]) => n <= 13).length);
    for (const row of rows) {
      const history = await subscriptionHistory(ctx.db, row.id, '2199-12-31');
      const periods = subscriptionPeriods(row.startDate, row.durationMonths);
      expect(history.map((p) => [p.periodStart, p.periodEnd])).toEqual(periods.map((p) => [p.start, p.end]).reverse());
      expect(history[0].periodEnd).toBe(subscriptionEndDate(row.startDate, row.durationMonths));
    }
  });
});

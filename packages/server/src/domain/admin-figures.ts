import { firstDayOfMonth, lastDayOfMonth, parseDate } from './calendar.js';
import { fromHundredths, toHundredths } from './decimal.js';
import { subscriptionPeriods } from './subscription-periods.js';

/**
 * DOMAIN-RULES §4 'Admin figures' as the reference implementation. The SQL in
 * modules/hour-accounting computes the same numbers and is tested against these.
 * Internally everything is integer hundredths (bigint).
 */

export type CustomerHours = {
  id: number;
  subscriptions: Array<{ startDate: string; durationMonths: number; monthlyHours: string | number; isActive: boolean }>;
  packages: Array<{ purchaseDate: string; hours: string | number }>;
  entries: Array<{ workDate: string; hours: string | number; billingType: 'abos' | 'stundenpakete' }>;
};

/** total, used, open in hundredths. */
export type Figures = { total: bigint; used: bigint; open: bigint };
export type MonthFigures = { butler: Figures; packages: Figures };

const figures = (total: bigint, used: bigint): Figures => ({ total, used, open: total - used });
const sumWhere = <T>(rows: T[], hoursOf: (row: T) => string | number, keep: (row: T) => boolean) =>
  rows.reduce((acc, row) => (keep(row) ? acc + toHundredths(hoursOf(row)) : acc), 0n);

/**
 * Butler: periods named M (their first day lies in M) of the customer's active
 * subscriptions; used = `abos` entries inside those periods.
 * Packages: total = bought up to the end of M − used before M; used = used in M.
 */
export function monthFigures(customer: CustomerHours, year: number, month: number): MonthFigures {
  const from = firstDayOfMonth(year, month);
  const to = lastDayOfMonth(year, month);
  let butlerTotal = 0n;
  let butlerUsed = 0n;
  for (const s of customer.subscriptions) {
    if (!s.isActive) continue;
    for (const p of subscriptionPeriods(s.startDate, s.durationMonths)) {
      if (p.start < from || p.start > to) continue;
      butlerTotal += toHundredths(s.monthlyHours);
      butlerUsed += sumWhere(
        customer.entries,
        (e) => e.hours,
        (e) => e.billingType === 'abos' && e.workDate >= p.start && e.workDate <= p.end,
      );
    }
  }
  const pkg = customer.entries.filter((e) => e.billingType === 'stundenpakete');
  const bought = sumWhere(
    customer.packages,
    (p) => p.hours,
    (p) => p.purchaseDate <= to,
  );
  const usedBefore = sumWhere(
    pkg,
    (e) => e.hours,
    (e) => e.workDate < from,
  );
  const usedIn = sumWhere(
    pkg,
    (e) => e.hours,
    (e) => e.workDate >= from && e.workDate <= to,
  );
  return { butler: figures(butlerTotal, butlerUsed), packages: figures(bought - usedBefore, usedIn) };
}

/** Year: butler = the 12 months added; packages = balance carried in at 1 January + bought in the year. */
export function yearFigures(customer: CustomerHours, year: number): MonthFigures {
  let total = 0n;
  let used = 0n;
  for (let month = 1; month <= 12; month++) {
    const m = monthFigures(customer, year, month).butler;
    total += m.total;
    used += m.used;
  }
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const pkg = customer.entries.filter((e) => e.billingType === 'stundenpakete');
  const bought = sumWhere(
    customer.packages,
    (p) => p.hours,
    (p) => p.purchaseDate <= to,
  );
  const usedBefore = sumWhere(
    pkg,
    (e) => e.hours,
    (e) => e.workDate < from,
  );
  const usedIn = sumWhere(
    pkg,
    (e) => e.hours,
    (e) => e.workDate >= from && e.workDate <= to,
  );
  return { butler: figures(total, used), packages: figures(bought - usedBefore, usedIn) };
}

export type MonthlyCustomerFigures = { id: number; butler: Figures; packages: Figures };

/** The monthly view: customers whose butler or package total is above 0 in that month. */
export function customersMonthly(customers: CustomerHours[], year: number, month: number): MonthlyCustomerFigures[] {
  return customers
    .map((c) => ({ id: c.id, ...monthFigures(c, year, month) }))
    .filter((c) => c.butler.total > 0n || c.packages.total > 0n);
}

export type StatsFigures = {
  openHoursCurrentMonth: number;
  totalHoursCurrentMonth: number;
  openHoursCurrentYear: number;
  totalHoursCurrentYear: number;
  soldAboHoursYearly: number;
  soldPackageHoursYearly: number;
  openHoursCurrentMonthButlerOnly: number;
  openHoursCurrentYearButlerOnly: number;
  totalHoursCurrentMonthButlerOnly: number;
  totalHoursCurrentYearButlerOnly: number;
  usedHoursCurrentMonthButlerOnly: number;
  usedHoursCurrentYearButlerOnly: number;
};

const positive = (value: bigint) => (value > 0n ? value : 0n);

/**
 * Dashboard stats (decision 0121): per customer and per kind, open hours count only when
 * above 0; a kind's package figures count only when that kind's total is above 0 (as the
 * monthly view shows a ring only then). Open hours of the year = butler open of the months
 * from the current one to December + the packages' open hours of the year (counted once,
 * since unused package hours carry from month to month).
 */
export function dashboardStats(customers: CustomerHours[], today: string): StatsFigures {
  const { year, month } = parseDate(today);
  const sums = {
    monthOpenB: 0n,
    monthTotalB: 0n,
    monthUsedB: 0n,
    monthOpenP: 0n,
    monthTotalP: 0n,
    yearOpenB: 0n,
    yearTotalB: 0n,
    yearUsedB: 0n,
    yearOpenP: 0n,
    yearTotalP: 0n,
    soldP: 0n,
  };
  for (const c of customers) {
    const current = monthFigures(c, year, month);
    sums.monthTotalB += current.butler.total;
    sums.monthUsedB += current.butler.used;
    sums.monthOpenB += positive(current.butler.open);
    if (current.packages.total > 0n) {
      sums.monthTotalP += current.packages.total;
      sums.monthOpenP += positive(current.packages.open);
    }
    for (let m = month; m <= 12; m++) sums.yearOpenB += positive(monthFigures(c, year, m).butler.open);
    const y = yearFigures(c, year);
    sums.yearTotalB += y.butler.total;
    sums.yearUsedB += y.butler.used;
    if (y.packages.total > 0n) {
      sums.yearTotalP += y.packages.total;
      sums.yearOpenP += positive(y.packages.open);
    }
    sums.soldP += sumWhere(
      c.packages,
      (p) => p.hours,
      (p) => p.purchaseDate.startsWith(`${year}-`),
    );
  }
  const n = fromHundredths;
  return {
    openHoursCurrentMonth: n(sums.monthOpenB + sums.monthOpenP),
    totalHoursCurrentMonth: n(sums.monthTotalB + sums.monthTotalP),
    openHoursCurrentYear: n(sums.yearOpenB + sums.yearOpenP),
    totalHoursCurrentYear: n(sums.yearTotalB + sums.yearTotalP),
    soldAboHoursYearly: n(sums.yearTotalB),
    soldPackageHoursYearly: n(sums.soldP),
    openHoursCurrentMonthButlerOnly: n(sums.monthOpenB),
    openHoursCurrentYearButlerOnly: n(sums.yearOpenB),
    totalHoursCurrentMonthButlerOnly: n(sums.monthTotalB),
    totalHoursCurrentYearButlerOnly: n(sums.yearTotalB),
    usedHoursCurrentMonthButlerOnly: n(sums.monthUsedB),
    usedHoursCurrentYearButlerOnly: n(sums.yearUsedB),
  };
}

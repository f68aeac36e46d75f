import { type SQL, sql } from 'drizzle-orm';
import { lastDayOfMonth, parseDate } from '../../domain/calendar.js';

/**
 * SQL twin of domain/subscription-periods.ts: period i of a subscription runs from
 * `start_date + make_interval(months => i)` (PostgreSQL clamps to the month's end exactly
 * like calendar.addMonths) to the next period's start − 1 day, which is
 * subscriptionEndDate(start, i + 1) of @butler/contract/subscription-periods (the one TS
 * function of the rule; hour-accounting-sql.test.ts checks both agree on tricky dates). Used hours are the
 * customer's `abos` entries in that range. Works on PostgreSQL 15 and 18.
 *
 * Set-based on purpose (decision 0120): instead of one range lookup per period, every
 * entry computes the index of the period it falls into (months between the start and the
 * work date, minus one when the work date lies before that month's clamped start day),
 * and the sums are grouped by (subscription, index). One hash join for all customers.
 */

export type PeriodFilter = {
  /** Which subscriptions (a condition on alias `s`). */
  where: SQL;
  /**
   * Only periods whose first day lies in these months (inclusive `YYYY-MM-DD` first and
   * last day of whole months). Bounds generate_series, so only those periods are built.
   */
  months?: { from: string; to: string };
  /** Only these customers' subscriptions and entries (one page of the monthly view). */
  customerIds?: number[];
};

const endOfNextMonth = (date: string) => {
  const { year, month } = parseDate(date);
  return month === 12 ? lastDayOfMonth(year + 1, 1) : lastDayOfMonth(year, month + 1);
};

const monthIndex = (date: string) => {
  const { year, month } = parseDate(date);
  return year * 12 + month - 1;
};

/** Integer month number (year × 12 + month − 1); date_part is cheaper than numeric extract. */
const monthIndexOf = (column: SQL) =>
  sql`(date_part('year', ${column})::int * 12 + date_part('month', ${column})::int - 1)`;

/** Terms are at most 120 months (subscriptions_duration_ck); a constant series keeps row estimates sane. */
const MAX_PERIODS = 120;

/**
 * A query listing periods with their used hours: columns subscription_id, customer_id,
 * monthly_hours, period_index, period_start, period_end, used_hours.
 */
export function periodsWithUsage(filter: PeriodFilter): SQL {
  const lo = filter.months
    ? sql`greatest(0, ${monthIndex(filter.months.from)}::int - ${monthIndexOf(sql`s.start_date`)})`
    : sql`0`;
  const hi = filter.months
    ? sql`least(s.duration_months - 1, ${monthIndex(filter.months.to)}::int - ${monthIndexOf(sql`s.start_date`)})`
    : sql`s.duration_months - 1`;
  const termOverlap = filter.months
    ? sql`AND s.start_date <= ${filter.months.to}::date AND s.end_date >= ${filter.months.from}::date`
    : sql``;
  // Periods named in the months range end before the end of the following month (a period
  // starting 28.02. of a term from the 31st runs to 30.03., later than 28.02. + 1 month).
  const entryWindow = filter.months
    ? sql`AND te.work_date >= ${filter.months.from}::date AND te.work_date <= ${endOfNextMonth(filter.months.to)}::date`
    : sql``;
  // A window iterates its calendar months (a period is named by the month of its first day,
  // so period i of a term lies in month start_month + i); otherwise all indexes of the term.
  // One parameter holding an array literal: drizzle would spread a JS array into a list.
  const customers = filter.customerIds ? `{${filter.customerIds.join(',')}}` : null;
  const subsOfCustomers = customers ? sql`AND s.customer_id = ANY(${customers}::int[])` : sql``;
  const entriesOfCustomers = customers ? sql`AND te.customer_id = ANY(${customers}::int[])` : sql``;
  const periodIndexes = filter.months
    ? sql`CROSS JOIN LATERAL (
        SELECT m - s.start_month AS i
        FROM generate_series(${monthIndex(filter.months.from)}::int, ${monthIndex(filter.months.to)}::int) AS m
        WHERE m - s.start_month BETWEEN s.lo AND s.hi
      ) g`
    : sql`JOIN generate_series(0, ${MAX_PERIODS - 1}) AS g(i) ON g.i BETWEEN s.lo AND s.hi`;
  return sql`
    WITH subs AS MATERIALIZED (
      SELECT s.id, s.customer_id, s.monthly_hours, s.start_date, ${lo} AS lo, ${hi} AS hi,
             ${monthIndexOf(sql`s.start_date`)} AS start_month, date_part('day', s.start_date)::int AS start_day
      FROM subscriptions s WHERE ${filter.where} ${termOverlap} ${subsOfCustomers}
    ),
    entries AS (
      SELECT te.customer_id, te.hours, te.work_date, ${monthIndexOf(sql`te.work_date`)} AS work_month,
             date_part('day', te.work_date)::int AS work_day
      FROM time_entries te WHERE te.billing_type = 'abos' ${entryWindow} ${entriesOfCustomers}
    ),
    usage AS (
      SELECT x.id, x.period_index, sum(x.hours) AS used
      FROM (
        SELECT s.id, s.lo, s.hi, e.hours,
               -- whole months from the start, one less when the day lies before that month's clamped start day
               e.work_month - s.start_month - CASE
                 WHEN e.work_day >= s.start_day THEN 0
                 WHEN e.work_date < (s.start_date + make_interval(months => e.work_month - s.start_month))::date THEN 1
                 ELSE 0 END AS period_index
        FROM subs s JOIN entries e ON e.customer_id = s.customer_id AND e.work_date >= s.start_date
      ) x
      WHERE x.period_index BETWEEN x.lo AND x.hi
      GROUP BY x.id, x.period_index
    )
    SELECT s.id AS subscription_id, s.customer_id, s.monthly_hours, g.i AS period_index,
           (s.start_date + make_interval(months => g.i))::date AS period_start,
           (s.start_date + make_interval(months => g.i + 1))::date - 1 AS period_end,
           coalesce(u.used, 0) AS used_hours
    FROM subs s
    ${periodIndexes}
    LEFT JOIN usage u ON u.id = s.id AND u.period_index = g.i`;
}

/** numeric text → JSON number (sums of 2-decimal numerics stay exact in SQL). */
export const hoursOf = (value: string | number | null | undefined) => (value == null ? 0 : Number(value));

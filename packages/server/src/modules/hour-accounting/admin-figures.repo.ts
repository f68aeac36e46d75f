import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firstDayOfMonth, lastDayOfMonth, parseDate } from '../../domain/calendar.js';
import { type CustomerScope, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf, periodsWithUsage } from './period-sql.js';

/**
 * DOMAIN-RULES §4 'Admin figures' aggregated in SQL (reference: domain/admin-figures.ts).
 * Butler figures count periods of active subscriptions only (decision 0121).
 */

export type StatsRow = {
  open_hours_current_month: number;
  total_hours_current_month: number;
  open_hours_current_year: number;
  total_hours_current_year: number;
  sold_abo_hours_yearly: number;
  sold_package_hours_yearly: number;
  open_hours_current_month_butler_only: number;
  open_hours_current_year_butler_only: number;
  total_hours_current_month_butler_only: number;
  total_hours_current_year_butler_only: number;
  used_hours_current_month_butler_only: number;
  used_hours_current_year_butler_only: number;
};

/**
 * The hour figures of the dashboard stats for the month and year of `today` in one
 * statement: butler figures per customer and month from the year's periods, package
 * figures per customer from one pass over the package entries up to the year's end.
 * `scope` limits every figure to the caller's customers (a Butler's, decision 0540).
 */
export async function dashboardHourStats(db: Database, today: string, scope: CustomerScope): Promise<StatsRow> {
  const customerIds = scope.all ? undefined : [...scope.ids];
  const ofScope = scopeFilter(scope, sql`customer_id`);
  const { year, month } = parseDate(today);
  const monthFrom = firstDayOfMonth(year, month);
  const monthTo = lastDayOfMonth(year, month);
  const yearFrom = `${year}-01-01`;
  const yearTo = `${year}-12-31`;
  const result = await db.execute(sql`
    WITH periods AS (${periodsWithUsage({ where: sql`s.is_active`, months: { from: yearFrom, to: yearTo }, customerIds })}),
    butler AS (
      SELECT customer_id, extract(month FROM period_start)::int AS month,
             sum(monthly_hours) AS total, sum(used_hours) AS used
      FROM periods GROUP BY customer_id, 2
    ),
    b AS (
      SELECT coalesce(sum(total) FILTER (WHERE month = ${month}), 0) AS month_total,
             coalesce(sum(used) FILTER (WHERE month = ${month}), 0) AS month_used,
             coalesce(sum(greatest(total - used, 0)) FILTER (WHERE month = ${month}), 0) AS month_open,
             coalesce(sum(greatest(total - used, 0)) FILTER (WHERE month >= ${month}), 0) AS year_open,
             coalesce(sum(total), 0) AS year_total,
             coalesce(sum(used), 0) AS year_used
      FROM butler
    ),
    bought AS (
      SELECT customer_id,
             sum(hours) FILTER (WHERE purchase_date <= ${monthTo}::date) AS to_month_end,
             sum(hours) AS to_year_end,
             sum(hours) FILTER (WHERE purchase_date >= ${yearFrom}::date) AS in_year
      FROM hour_packages WHERE purchase_date <= ${yearTo}::date AND ${ofScope} GROUP BY customer_id
    ),
    spent AS (
      SELECT customer_id,
             sum(hours) FILTER (WHERE work_date < ${monthFrom}::date) AS before_month,
             sum(hours) FILTER (WHERE work_date BETWEEN ${monthFrom}::date AND ${monthTo}::date) AS in_month,
             sum(hours) FILTER (WHERE work_date < ${yearFrom}::date) AS before_year,
             sum(hours) FILTER (WHERE work_date >= ${yearFrom}::date) AS in_year
      FROM time_entries WHERE billing_type = 'stundenpakete' AND work_date <= ${yearTo}::date AND ${ofScope}
      GROUP BY customer_id
    ),
    per_customer AS (
      SELECT coalesce(bo.to_month_end, 0) - coalesce(sp.before_month, 0) AS month_total,
             coalesce(sp.in_month, 0) AS month_used,
             coalesce(bo.to_year_end, 0) - coalesce(sp.before_year, 0) AS year_total,
             coalesce(sp.in_year, 0) AS year_used,
             coalesce(bo.in_year, 0) AS sold
      FROM bought bo FULL JOIN spent sp USING (customer_id)
    ),
    p AS (
      SELECT coalesce(sum(month_total) FILTER (WHERE month_total > 0), 0) AS month_total,
             coalesce(sum(greatest(month_total - month_used, 0)) FILTER (WHERE month_total > 0), 0) AS month_open,
             coalesce(sum(year_total) FILTER (WHERE year_total > 0), 0) AS year_total,
             coalesce(sum(greatest(year_total - year_used, 0)) FILTER (WHERE year_total > 0), 0) AS year_open,
             coalesce(sum(sold), 0) AS sold
      FROM per_customer
    )
    SELECT b.month_open + p.month_open AS open_hours_current_month,
           b.month_total + p.month_total AS total_hours_current_month,
           b.year_open + p.year_open AS open_hours_current_year,
           b.year_total + p.year_total AS total_hours_current_year,
           b.year_total AS sold_abo_hours_yearly,
           p.sold AS sold_package_hours_yearly,
           b.month_open AS open_hours_current_month_butler_only,
           b.year_open AS open_hours_current_year_butler_only,
           b.month_total AS total_hours_current_month_butler_only,
           b.year_total AS total_hours_current_year_butler_only,
           b.month_used AS used_hours_current_month_butler_only,
           b.year_used AS used_hours_current_year_butler_only
    FROM b, p`);
  const row = result.rows[0] as Record<string, string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, hoursOf(v)])) as StatsRow;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firstDayOfMonth, parseDate } from '../../domain/calendar.js';
import { type CustomerScope, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf } from './period-sql.js';

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
 * The hour figures of the dashboard stats for the month and year of `today`, read from the
 * hour summaries (migration 0015, decision 0560) in one statement: butler figures from the
 * `abos` rows of the months left in the year and the year's rows; package figures per
 * customer from their package totals and their rows of the month and the year (a customer
 * without a movement then carries the closing balance of the last one). No part of it reads
 * the ledger or grows with the history. `scope` narrows every sum to the caller's customers
 * (a Butler's, decision 0540).
 */
export async function dashboardHourStats(db: Database, today: string, scope: CustomerScope): Promise<StatsRow> {
  const { year, month } = parseDate(today);
  const monthFrom = firstDayOfMonth(year, month);
  const january = `${year}-01-01`;
  const december = `${year}-12-01`;
  const within = (column: SQL) => sql`AND ${scopeFilter(scope, column)}`;
  const result = await db.execute(sql`
    WITH b_rest AS (
      SELECT coalesce(sum(allotted) FILTER (WHERE month = ${monthFrom}::date), 0) AS month_total,
             coalesce(sum(used) FILTER (WHERE month = ${monthFrom}::date), 0) AS month_used,
             coalesce(sum(greatest(allotted - used, 0)) FILTER (WHERE month = ${monthFrom}::date), 0) AS month_open,
             coalesce(sum(greatest(allotted - used, 0)), 0) AS year_open
      FROM hour_month_summaries
      WHERE kind = 'abos' AND month BETWEEN ${monthFrom}::date AND ${december}::date ${within(sql`customer_id`)}
    ),
    b_year AS (
      SELECT coalesce(sum(allotted), 0) AS total, coalesce(sum(used), 0) AS used
      FROM hour_year_summaries WHERE kind = 'abos' AND year = ${year} ${within(sql`customer_id`)}
    ),
    -- bought up to the end of the month (year) − used before it, per customer: the row of the
    -- month (year) if there is one, else the closing balance of the last one before it
    -- (materialised: each figure is used four times below, with its lookups)
    per_customer AS MATERIALIZED (
      SELECT CASE WHEN m.customer_id IS NOT NULL THEN m.carried + m.allotted
                  WHEN t.last_month < ${monthFrom}::date THEN t.purchased - t.used
                  WHEN t.first_month > ${monthFrom}::date THEN 0
                  ELSE (SELECT h.carried + h.allotted - h.used FROM hour_month_summaries h
                        WHERE h.customer_id = t.customer_id AND h.kind = 'stundenpakete' AND h.month < ${monthFrom}::date
                        ORDER BY h.month DESC LIMIT 1) END AS month_total,
             coalesce(m.used, 0) AS month_used,
             CASE WHEN y.customer_id IS NOT NULL THEN y.carried + y.allotted
                  WHEN t.last_month < ${january}::date THEN t.purchased - t.used
                  WHEN t.first_month > ${december}::date THEN 0
                  ELSE (SELECT h.carried + h.allotted - h.used FROM hour_year_summaries h
                        WHERE h.customer_id = t.customer_id AND h.kind = 'stundenpakete' AND h.year < ${year}
                        ORDER BY h.year DESC LIMIT 1) END AS year_total,
             coalesce(y.used, 0) AS year_used,
             coalesce(y.allotted, 0) AS sold
      FROM hour_package_totals t
      LEFT JOIN hour_month_summaries m
        ON m.customer_id = t.customer_id AND m.kind = 'stundenpakete' AND m.month = ${monthFrom}::date
      LEFT JOIN hour_year_summaries y ON y.customer_id = t.customer_id AND y.kind = 'stundenpakete' AND y.year = ${year}
      WHERE true ${within(sql`t.customer_id`)}
    ),
    p AS (
      SELECT coalesce(sum(month_total) FILTER (WHERE month_total > 0), 0) AS month_total,
             coalesce(sum(greatest(month_total - month_used, 0)) FILTER (WHERE month_total > 0), 0) AS month_open,
             coalesce(sum(year_total) FILTER (WHERE year_total > 0), 0) AS year_total,
             coalesce(sum(greatest(year_total - year_used, 0)) FILTER (WHERE year_total > 0), 0) AS year_open,
             coalesce(sum(sold), 0) AS sold
      FROM per_customer
    )
    SELECT b_rest.month_open + p.month_open AS open_hours_current_month,
           b_rest.month_total + p.month_total AS total_hours_current_month,
           b_rest.year_open + p.year_open AS open_hours_current_year,
           b_year.total + p.year_total AS total_hours_current_year,
           b_year.total AS sold_abo_hours_yearly,
           p.sold AS sold_package_hours_yearly,
           b_rest.month_open AS open_hours_current_month_butler_only,
           b_rest.year_open AS open_hours_current_year_butler_only,
           b_rest.month_total AS total_hours_current_month_butler_only,
           b_year.total AS total_hours_current_year_butler_only,
           b_rest.month_used AS used_hours_current_month_butler_only,
           b_year.used AS used_hours_current_year_butler_only
    FROM b_rest, b_year, p`);
  const row = result.rows[0] as Record<string, string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, hoursOf(v)])) as StatsRow;
}

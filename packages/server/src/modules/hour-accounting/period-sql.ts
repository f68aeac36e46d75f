import { type SQL, sql } from 'drizzle-orm';
import { addMonths, parseDate } from '../../domain/calendar.js';

/**
 * SQL twin of domain/subscription-periods.ts: period i of a subscription runs from
 * `start_date + make_interval(months => i)` (PostgreSQL clamps to the month's end exactly
 * like calendar.addMonths) to the next period's start − 1 day. Used hours are the
 * customer's `abos` entries in that range. Works on PostgreSQL 15 and 18.
 */

export type PeriodFilter = {
  /** Which subscriptions (a condition on alias `s`). */
  where: SQL;
  /**
   * Only periods whose first day lies in these months (inclusive `YYYY-MM-DD` first and
   * last day of whole months). Bounds generate_series, so only those periods are built.
   */
  months?: { from: string; to: string };
};

const monthIndex = (date: string) => {
  const { year, month } = parseDate(date);
  return year * 12 + month - 1;
};

/**
 * A CTE body listing periods with their used hours: columns subscription_id, customer_id,
 * monthly_hours, period_index, period_start, period_end, used_hours.
 */
export function periodsWithUsage(filter: PeriodFilter): SQL {
  const startIndex = sql`(extract(year FROM s.start_date)::int * 12 + extract(month FROM s.start_date)::int - 1)`;
  const range = filter.months
    ? sql`generate_series(greatest(0, ${monthIndex(filter.months.from)}::int - ${startIndex}),
                          least(s.duration_months - 1, ${monthIndex(filter.months.to)}::int - ${startIndex}))`
    : sql`generate_series(0, s.duration_months - 1)`;
  const termOverlap = filter.months
    ? sql`AND s.start_date <= ${filter.months.to}::date AND s.end_date >= ${filter.months.from}::date`
    : sql``;
  // Entries of periods named in the months range can lie up to one month after its end.
  const entryWindow = filter.months
    ? sql`AND te.work_date >= ${filter.months.from}::date AND te.work_date < ${addMonths(filter.months.to, 1)}::date + 1`
    : sql``;
  return sql`
    SELECT p.subscription_id, p.customer_id, p.monthly_hours, p.period_index, p.period_start, p.period_end,
           coalesce(sum(te.hours), 0) AS used_hours
    FROM (
      SELECT s.id AS subscription_id, s.customer_id, s.monthly_hours, g.i AS period_index,
             (s.start_date + make_interval(months => g.i))::date AS period_start,
             (s.start_date + make_interval(months => g.i + 1))::date - 1 AS period_end
      FROM subscriptions s
      CROSS JOIN LATERAL ${range} AS g(i)
      WHERE ${filter.where} ${termOverlap}
    ) p
    LEFT JOIN time_entries te
      ON te.customer_id = p.customer_id AND te.billing_type = 'abos'
     AND te.work_date BETWEEN p.period_start AND p.period_end ${entryWindow}
    GROUP BY p.subscription_id, p.customer_id, p.monthly_hours, p.period_index, p.period_start, p.period_end`;
}

/** numeric text → JSON number (sums of 2-decimal numerics stay exact in SQL). */
export const hoursOf = (value: string | number | null | undefined) => (value == null ? 0 : Number(value));

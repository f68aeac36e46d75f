import { NO_USABLE_HOURS, type UsableHours } from '@butler/contract/usable-hours';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { addMonths, firstDayOfMonth, parseDate } from '../../domain/calendar.js';
import { hoursOf } from './period-sql.js';

/**
 * The one hours figure (decision 0742), for one customer or many, as one query over the hour
 * summaries the triggers keep (decision 0560): the ButlerPaket part is the period containing
 * today of the active ButlerPaket whose term contains today, with its `abos` summary row
 * (carried + allotted − used: this period's rest plus what the earlier periods of the same
 * ButlerPaket left or overused); the Stundenpakete part is the customer's package totals. The
 * total counts each part only above 0. The lounge, the customer page, the time-entry dialog,
 * the deduction screens, "Knappes Guthaben", the alert mails and the Butler's customers all
 * read it from here.
 *
 * Columns: customer_id, subscription_id, period_start, period_end, term_end, monthly_hours,
 * period_used, carried, butler_usable, pkg_purchased, pkg_used, pkg_remaining,
 * newest_package_id, newest_package_hours, total_usable. A customer with neither part has no row.
 */
export function usableHoursSql(today: string, customers: SQL): SQL {
  const { year, month } = parseDate(today);
  const thisMonth = firstDayOfMonth(year, month);
  const lastMonth = addMonths(thisMonth, -1);
  return sql`
    -- A period containing today is named by this month or the last (a summary row holds one
    -- period: the terms of one customer never overlap).
    WITH butler AS (
      SELECT h.customer_id, s.id AS subscription_id, s.end_date AS term_end, h.allotted, h.used, h.carried,
             h.carried + h.allotted - h.used AS usable, p.period_start, p.period_end
      FROM hour_month_summaries h
      JOIN subscriptions s ON s.customer_id = h.customer_id AND s.is_active
        AND s.start_date <= ${today}::date AND s.end_date >= ${today}::date
      CROSS JOIN LATERAL (
        SELECT (date_part('year', h.month)::int * 12 + date_part('month', h.month)::int - 1)
               - (date_part('year', s.start_date)::int * 12 + date_part('month', s.start_date)::int - 1) AS i
      ) x
      CROSS JOIN LATERAL (
        SELECT (s.start_date + make_interval(months => x.i))::date AS period_start,
               (s.start_date + make_interval(months => x.i + 1))::date - 1 AS period_end
      ) p
      WHERE h.kind = 'abos' AND h.month BETWEEN ${lastMonth}::date AND ${thisMonth}::date
        AND h.customer_id IN (SELECT c.id FROM customers c WHERE ${customers})
        AND x.i BETWEEN 0 AND s.duration_months - 1
        AND ${today}::date BETWEEN p.period_start AND p.period_end
    )
    SELECT c.id AS customer_id, b.subscription_id, b.period_start, b.period_end, b.term_end,
           b.allotted AS monthly_hours, b.used AS period_used, b.carried, b.usable AS butler_usable,
           t.purchased AS pkg_purchased, t.used AS pkg_used, t.purchased - t.used AS pkg_remaining,
           t.newest_package_id, t.newest_package_hours,
           greatest(coalesce(b.usable, 0), 0) + greatest(coalesce(t.purchased - t.used, 0), 0) AS total_usable
    FROM customers c
    LEFT JOIN butler b ON b.customer_id = c.id
    LEFT JOIN hour_package_totals t ON t.customer_id = c.id AND (t.purchased > 0 OR t.used <> 0)
    WHERE ${customers} AND (b.customer_id IS NOT NULL OR t.customer_id IS NOT NULL)`;
}

/** A row of usableHoursSql as the contract's figure. */
export function presentUsableHours(r: any): UsableHours {
  return {
    total: hoursOf(r.total_usable),
    butler:
      r.subscription_id == null
        ? null
        : {
            subscription_id: r.subscription_id,
            period_start: r.period_start,
            period_end: r.period_end,
            term_end: r.term_end,
            monthly_hours: hoursOf(r.monthly_hours),
            used: hoursOf(r.period_used),
            carried: hoursOf(r.carried),
            usable: hoursOf(r.butler_usable),
          },
    packages:
      r.pkg_purchased == null
        ? null
        : { purchased: hoursOf(r.pkg_purchased), used: hoursOf(r.pkg_used), remaining: hoursOf(r.pkg_remaining) },
  };
}

/** One customer's usable hours today (nothing: total 0, no parts). */
export async function usableHoursOf(db: Executor, customerId: number, today: string): Promise<UsableHours> {
  const result = await db.execute(usableHoursSql(today, sql`c.id = ${customerId}`));
  const row = result.rows[0];
  return row ? presentUsableHours(row) : NO_USABLE_HOURS;
}

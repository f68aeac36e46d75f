import type { CurrentSubscription, Forecast } from '@butler/contract/dashboard';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addDays } from '../../domain/calendar.js';
import { dailyRate, FORECAST_WINDOW_DAYS, packageLastsUntil, subscriptionLastsUntil } from '../../domain/forecast.js';
import { hoursOf } from '../hour-accounting/period-sql.js';

type Usage = { hours: number; entries: number; since: string | null };

/** Bookings of the last 90 days per kind, and since when each balance exists (one statement). */
export async function usageHistory(db: Database, customerId: number, today: string) {
  const from = addDays(today, -(FORECAST_WINDOW_DAYS - 1));
  const result = await db.execute(sql`
    SELECT coalesce(sum(hours) FILTER (WHERE billing_type = 'abos'), 0) AS abos_hours,
           count(*) FILTER (WHERE billing_type = 'abos')::int AS abos_entries,
           coalesce(sum(hours) FILTER (WHERE billing_type = 'stundenpakete'), 0) AS package_hours,
           count(*) FILTER (WHERE billing_type = 'stundenpakete')::int AS package_entries,
           (SELECT min(start_date) FROM subscriptions WHERE customer_id = ${customerId}) AS abos_since,
           (SELECT min(purchase_date) FROM hour_packages WHERE customer_id = ${customerId}) AS package_since
    FROM time_entries
    WHERE customer_id = ${customerId} AND work_date BETWEEN ${from}::date AND ${today}::date`);
  const r = result.rows[0] as Record<string, any>;
  const abos: Usage = { hours: hoursOf(r.abos_hours), entries: r.abos_entries, since: r.abos_since };
  const packages: Usage = { hours: hoursOf(r.package_hours), entries: r.package_entries, since: r.package_since };
  return { abos, packages };
}

const rateOf = (today: string, usage: Usage) =>
  usage.since ? dailyRate(today, { hours: usage.hours, entries: usage.entries, since: usage.since }) : null;

/** The ButlerPaket ring's forecast (current subscription with its carry-over balance). */
export function subscriptionForecast(today: string, sub: CurrentSubscription | null, usage: Usage): Forecast | null {
  const rate = rateOf(today, usage);
  if (!sub || rate === null) return null;
  const result = subscriptionLastsUntil(
    today,
    {
      startDate: sub.start_date,
      durationMonths: sub.duration_months,
      monthlyHours: sub.monthly_hours,
      balance: sub.total_balance,
    },
    rate,
  );
  return result ? { until: result.date, until_term_end: result.untilTermEnd } : null;
}

/** The Stundenpakete ring's forecast. */
export function packageForecast(today: string, remaining: number, usage: Usage): Forecast | null {
  const rate = rateOf(today, usage);
  if (rate === null) return null;
  const until = packageLastsUntil(today, remaining, rate);
  return until ? { until, until_term_end: false } : null;
}

import type { DashboardStats, ExpiringSubscription } from '@butler/contract/admin-dashboard';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addMonths, firstDayOfMonth, lastDayOfMonth, parseDate } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { type CustomerScope, scopeFilter } from '../../lib/customer-scope.js';
import { dashboardHourStats } from '../hour-accounting/admin-figures.repo.js';
import { getDashboardSettings } from './dashboard-settings.service.js';

/** Counts for the two cards: all customers; subscriptions shown 'Aktiv' (active flag, end not passed). */
async function counts(db: Database, today: string, scope: CustomerScope) {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM customers WHERE ${scopeFilter(scope, sql`id`)})::int AS total_customers,
           (SELECT count(*) FROM subscriptions
            WHERE is_active AND end_date >= ${today}::date AND ${scopeFilter(scope, sql`customer_id`)})::int
             AS total_active_subscriptions`);
  return result.rows[0] as { total_customers: number; total_active_subscriptions: number };
}

/**
 * SPEC §9: active subscriptions whose end date lies in the current or the next month,
 * soonest first, one page of them and the count of all (decision 0405).
 */
export async function expiringSubscriptions(
  db: Database,
  today: string,
  page: { limit: number; offset: number },
  scope: CustomerScope,
): Promise<{ rows: ExpiringSubscription[]; total: number }> {
  const { year, month } = parseDate(today);
  const from = firstDayOfMonth(year, month);
  const next = parseDate(addMonths(from, 1));
  const to = lastDayOfMonth(next.year, next.month);
  const inRange = sql`s.is_active AND s.end_date BETWEEN ${from}::date AND ${to}::date AND ${scopeFilter(scope, sql`s.customer_id`)}`;
  const [result, count] = await Promise.all([
    db.execute(sql`
      SELECT s.id, s.customer_id, c.first_name || ' ' || c.last_name AS customer_name, s.template_name,
             s.monthly_hours, s.end_date
      FROM subscriptions s JOIN customers c ON c.id = s.customer_id
      WHERE ${inRange}
      ORDER BY s.end_date, c.last_name, c.first_name, s.id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM subscriptions s WHERE ${inRange}`),
  ]);
  const rows = (result.rows as any[]).map((r) => ({
    id: r.id,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    template_name: r.template_name,
    monthly_hours: num(r.monthly_hours),
    end_date: r.end_date,
  }));
  return { rows, total: (count.rows[0] as { total: number }).total };
}

/** The overview's figures over the customers in `scope` (all, or a Butler's own). */
export async function getDashboardStats(db: Database, today: string, scope: CustomerScope): Promise<DashboardStats> {
  const [hours, cards, settings] = await Promise.all([
    dashboardHourStats(db, today, scope),
    counts(db, today, scope),
    getDashboardSettings(db),
  ]);
  return { ...cards, ...hours, dashboard_settings: settings, as_of: today };
}

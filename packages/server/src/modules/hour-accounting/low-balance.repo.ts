import type { BalanceAlertSettings, LowBalance } from '@butler/contract/balance-alerts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { addMonths, firstDayOfMonth, lastDayOfMonth, parseDate } from '../../domain/calendar.js';
import { packageBalancesSql } from './customer-hours.repo.js';
import { hoursOf, periodsWithUsage } from './period-sql.js';

/** A low balance with who it belongs to and the key of what crossed (one alert per key). */
export type LowBalanceRow = LowBalance & {
  customerId: number;
  customerName: string;
  email: string;
  balanceAlertMails: boolean;
  /** `sub:<subscription id>:<period start>` or `pkg:<newest package id>`. */
  scope: string;
};

/**
 * Every active customer's balances that are over a threshold on `today`, in one statement
 * built on the dashboards' own computations: the ButlerPaket period containing today
 * from periodsWithUsage (active subscriptions, as the admin figures), the package pool
 * from packageBalancesSql (as the lounge's ring). `customerId` narrows it to one customer.
 */
export async function findLowBalances(
  db: Executor,
  today: string,
  settings: BalanceAlertSettings,
  customerId?: number,
): Promise<LowBalanceRow[]> {
  const { year, month } = parseDate(today);
  // A period containing today started this month or last month (it is named by its first day).
  const from = addMonths(firstDayOfMonth(year, month), -1);
  const to = lastDayOfMonth(year, month);
  const customerFilter: SQL = customerId === undefined ? sql`true` : sql`c.id = ${customerId}`;
  const subscriptionFilter: SQL =
    customerId === undefined ? sql`s.is_active` : sql`s.is_active AND s.customer_id = ${customerId}`;
  const result = await db.execute(sql`
    WITH periods AS (${periodsWithUsage({ where: subscriptionFilter, months: { from, to } })}),
    butler AS (
      SELECT p.customer_id, 'butler' AS kind,
             'sub:' || p.subscription_id || ':' || p.period_start AS scope,
             p.monthly_hours AS total, p.used_hours AS used, p.period_start, p.period_end
      FROM periods p
      WHERE ${today}::date BETWEEN p.period_start AND p.period_end
        AND p.monthly_hours > 0
        AND p.used_hours * 100 >= p.monthly_hours * ${settings.butler_used_percent}::numeric
    ),
    pool AS (${packageBalancesSql(sql`c.is_active AND ${customerFilter}`)}),
    package AS (
      SELECT pool.customer_id, 'package' AS kind, 'pkg:' || newest.id AS scope,
             pool.purchased AS total, pool.used, NULL::date AS period_start, NULL::date AS period_end
      FROM pool
      CROSS JOIN LATERAL (
        SELECT hp.id, hp.hours FROM hour_packages hp
        WHERE hp.customer_id = pool.customer_id ORDER BY hp.purchase_date DESC, hp.id DESC LIMIT 1
      ) newest
      WHERE pool.purchased > 0
        AND (pool.purchased - pool.used <= ${settings.package_remaining_hours}::numeric
          OR (pool.purchased - pool.used) * 100 <= newest.hours * ${settings.package_remaining_percent}::numeric)
    )
    SELECT c.id AS customer_id, c.first_name || ' ' || c.last_name AS name, c.email, c.balance_alert_mails,
           x.kind, x.scope, x.total, x.used, x.total - x.used AS remaining, x.period_start, x.period_end
    FROM (SELECT * FROM butler UNION ALL SELECT * FROM package) x
    JOIN customers c ON c.id = x.customer_id
    WHERE c.is_active AND ${customerFilter}
    ORDER BY c.last_name, c.first_name, c.id, x.kind`);
  return (result.rows as any[]).map((r) => {
    const total = hoursOf(r.total);
    const used = hoursOf(r.used);
    return {
      customerId: r.customer_id,
      customerName: r.name,
      email: r.email,
      balanceAlertMails: r.balance_alert_mails,
      scope: r.scope,
      kind: r.kind,
      hours_total: total,
      hours_used: used,
      hours_remaining: hoursOf(r.remaining),
      percent_used: total > 0 ? Math.round((used / total) * 100) : 0,
      period_start: r.period_start ?? null,
      period_end: r.period_end ?? null,
    };
  });
}

import type { BalanceAlertSettings, LowBalance } from '@butler/contract/balance-alerts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { addMonths, firstDayOfMonth, parseDate } from '../../domain/calendar.js';
import { type CustomerScope, EVERY_CUSTOMER, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf } from './period-sql.js';

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
 * Every active customer's balances that are over a threshold on `today`, as a query over the
 * hour summaries (decision 0560): the ButlerPaket period containing today of each active
 * subscription with its used hours from the `abos` row of the month that names it, the package
 * pool from the customer's package totals (as the lounge's ring). `customerId` narrows it to
 * one customer. Unordered: the readers below add the order (and the page).
 */
function lowBalancesSql(
  today: string,
  settings: BalanceAlertSettings,
  customerId?: number,
  scope: CustomerScope = EVERY_CUSTOMER,
): SQL {
  const { year, month } = parseDate(today);
  const thisMonth = firstDayOfMonth(year, month);
  const lastMonth = addMonths(thisMonth, -1);
  const customerFilter: SQL = customerId === undefined ? sql`true` : sql`c.id = ${customerId}`;
  return sql`
    -- A period containing today is named by this month or the last. Candidates are the
    -- customers' rows of those months over the threshold (a row holds one period: the terms of
    -- one customer never overlap), then the active subscription whose period it is.
    WITH butler AS (
      SELECT h.customer_id, 'butler' AS kind, 'sub:' || s.id || ':' || p.period_start AS scope,
             s.monthly_hours AS total, h.used, h.carried + h.allotted - h.used AS usable, p.period_start, p.period_end
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
      WHERE h.kind = 'abos' AND h.month BETWEEN ${lastMonth}::date AND ${thisMonth}::date ${
        customerId === undefined ? sql`` : sql`AND h.customer_id = ${customerId}`
      }
        -- Low is what is usable now (carry-over included, decision 0623): at most the share of
        -- the month's hours the threshold leaves; without carry-over this is "used >= X %".
        AND (h.carried + h.allotted - h.used) * 100 <= h.allotted * (100 - ${settings.butler_used_percent}::numeric)
        AND x.i BETWEEN 0 AND s.duration_months - 1
        AND ${today}::date BETWEEN p.period_start AND p.period_end
    ),
    package AS (
      SELECT t.customer_id, 'package' AS kind, 'pkg:' || t.newest_package_id AS scope,
             t.purchased AS total, t.used, t.purchased - t.used AS usable, NULL::date AS period_start, NULL::date AS period_end
      FROM hour_package_totals t
      WHERE t.purchased > 0 ${customerId === undefined ? sql`` : sql`AND t.customer_id = ${customerId}`}
        AND (t.purchased - t.used <= ${settings.package_remaining_hours}::numeric
          OR (t.purchased - t.used) * 100 <= t.newest_package_hours * ${settings.package_remaining_percent}::numeric)
    )
    SELECT c.id AS customer_id, c.first_name || ' ' || c.last_name AS name, c.last_name, c.first_name, c.email,
           c.balance_alert_mails,
           x.kind, x.scope, x.total, x.used, x.total - x.used AS remaining, x.usable, x.period_start, x.period_end
    FROM (SELECT * FROM butler UNION ALL SELECT * FROM package) x
    JOIN customers c ON c.id = x.customer_id
    WHERE c.is_active AND ${customerFilter} AND ${scopeFilter(scope, sql`c.id`)}`;
}

const ORDER = sql`ORDER BY c.last_name, c.first_name, c.id, x.kind`;

const present = (r: any): LowBalanceRow => {
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
    hours_usable: hoursOf(r.usable),
    percent_used: total > 0 ? Math.round((used / total) * 100) : 0,
    period_start: r.period_start ?? null,
    period_end: r.period_end ?? null,
  };
};

/** Every low balance (the alert jobs, the lounge's banner with `customerId`), in name order. */
export async function findLowBalances(
  db: Executor,
  today: string,
  settings: BalanceAlertSettings,
  customerId?: number,
): Promise<LowBalanceRow[]> {
  const result = await db.execute(sql`${lowBalancesSql(today, settings, customerId)} ${ORDER}`);
  return (result.rows as any[]).map(present);
}

/** One page of the low balances in name order and how many there are, within `scope` (the overview's list). */
export async function lowBalancePage(
  db: Executor,
  today: string,
  settings: BalanceAlertSettings,
  page: { limit: number; offset: number },
  scope: CustomerScope = EVERY_CUSTOMER,
): Promise<{ rows: LowBalanceRow[]; total: number }> {
  const result = await db.execute(sql`
    SELECT p.*, count(*) OVER ()::int AS total_count FROM (${lowBalancesSql(today, settings, undefined, scope)}) p
    ORDER BY p.last_name, p.first_name, p.customer_id, p.kind
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const rows = result.rows as any[];
  if (rows.length === 0 && page.offset > 0) {
    const count = await db.execute(
      sql`SELECT count(*)::int AS total FROM (${lowBalancesSql(today, settings, undefined, scope)}) p`,
    );
    return { rows: [], total: (count.rows[0] as { total: number }).total };
  }
  return { rows: rows.map(present), total: rows[0]?.total_count ?? 0 };
}

import type { BalanceAlertSettings, LowBalance } from '@butler/contract/balance-alerts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { type CustomerScope, EVERY_CUSTOMER, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf } from './period-sql.js';
import { presentUsableHours, usableHoursSql } from './usable-hours.repo.js';

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
 * Every active customer whose usable hours (the one figure, decision 0742) are at most their
 * reserve on `today`: (100 − X) % of the current ButlerPaket period's monthly hours plus, with
 * Stundenpakete bought, the larger of N h and P % of the newest package. A customer with a
 * ButlerPaket and packages is low only when both together run short (9,25 h in the ButlerPaket
 * and 1,25 h in packages are not "knapp"). `customerId` narrows it to one customer. Unordered:
 * the readers below add the order (and the page).
 */
function lowBalancesSql(
  today: string,
  settings: BalanceAlertSettings,
  customerId?: number,
  scope: CustomerScope = EVERY_CUSTOMER,
): SQL {
  const one = customerId === undefined ? sql`true` : sql`c.id = ${customerId}`;
  return lowBalancesAmong(today, settings, sql`${one} AND ${scopeFilter(scope, sql`c.id`)}`);
}

/** The low balances among the active customers `c` that `customers` admits. */
function lowBalancesAmong(today: string, settings: BalanceAlertSettings, customers: SQL): SQL {
  customers = sql`c.is_active AND ${customers}`;
  return sql`
    SELECT u.*, c.first_name || ' ' || c.last_name AS name, c.last_name, c.first_name, c.email,
           c.balance_alert_mails, r.reserve,
           CASE WHEN u.subscription_id IS NOT NULL THEN 'butler' ELSE 'package' END AS kind,
           CASE WHEN u.subscription_id IS NOT NULL THEN 'sub:' || u.subscription_id || ':' || u.period_start
                ELSE 'pkg:' || u.newest_package_id END AS scope
    FROM (${usableHoursSql(today, customers)}) u
    JOIN customers c ON c.id = u.customer_id
    CROSS JOIN LATERAL (
      SELECT coalesce(u.monthly_hours * (100 - ${settings.butler_used_percent}::numeric) / 100, 0)
             + CASE WHEN u.pkg_purchased > 0
                 THEN greatest(${settings.package_remaining_hours}::numeric,
                               coalesce(u.newest_package_hours, 0) * ${settings.package_remaining_percent}::numeric / 100)
                 ELSE 0 END AS reserve
    ) r
    WHERE (u.subscription_id IS NOT NULL OR u.pkg_purchased > 0) AND u.total_usable <= r.reserve`;
}

const ORDER = sql`ORDER BY last_name, first_name, customer_id`;

const present = (r: any): LowBalanceRow => ({
  customerId: r.customer_id,
  customerName: r.name,
  email: r.email,
  balanceAlertMails: r.balance_alert_mails,
  scope: r.scope,
  kind: r.kind,
  usable: presentUsableHours(r),
  reserve: Math.round(hoursOf(r.reserve) * 100) / 100,
});

/** Every low balance (the alert jobs, the lounge's banner with `customerId`), in name order. */
export async function findLowBalances(
  db: Executor,
  today: string,
  settings: BalanceAlertSettings,
  customerId?: number,
): Promise<LowBalanceRow[]> {
  const result = await db.execute(sql`SELECT * FROM (${lowBalancesSql(today, settings, customerId)}) l ${ORDER}`);
  return (result.rows as any[]).map(present);
}

/**
 * The low balances among these customers, unordered (the overview's list after a write looks
 * again only at the customers whose figures changed, decision 0813).
 */
export async function lowBalancesAmongCustomers(
  db: Executor,
  today: string,
  settings: BalanceAlertSettings,
  customerIds: readonly number[] | 'all',
): Promise<LowBalanceRow[]> {
  const customers = customerIds === 'all' ? sql`true` : scopeFilter({ all: false, ids: customerIds }, sql`c.id`);
  const result = await db.execute(lowBalancesAmong(today, settings, customers));
  return (result.rows as any[]).map(present);
}

/**
 * One page of these customers in the list's order (name, then id), within `scope`, and how
 * many of them are active and in the scope.
 */
export async function pageOfCustomers(
  db: Executor,
  customerIds: readonly number[],
  page: { limit: number; offset: number },
  scope: CustomerScope,
): Promise<{ ids: number[]; total: number }> {
  const among = sql`c.is_active AND ${scopeFilter({ all: false, ids: customerIds }, sql`c.id`)} AND ${scopeFilter(scope, sql`c.id`)}`;
  const result = await db.execute(sql`
    SELECT c.id, count(*) OVER ()::int AS total_count FROM customers c WHERE ${among}
    ORDER BY c.last_name, c.first_name, c.id LIMIT ${page.limit} OFFSET ${page.offset}`);
  const rows = result.rows as { id: number; total_count: number }[];
  if (rows.length === 0 && page.offset > 0) {
    const count = await db.execute(sql`SELECT count(*)::int AS total FROM customers c WHERE ${among}`);
    return { ids: [], total: (count.rows[0] as { total: number }).total };
  }
  return { ids: rows.map((r) => r.id), total: rows[0]?.total_count ?? 0 };
}

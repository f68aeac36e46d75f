import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hoursOf, periodsWithUsage } from './period-sql.js';

/** One customer's hour accounting in SQL (reference: domain/subscription-periods.ts, hour-packages.ts). */

export type SubscriptionBalanceRow = {
  subscriptionId: number;
  totalBalance: number;
  totalHoursUsedOverLifetime: number;
  current: { start: string; end: string; used: number } | null;
};

/** Per subscription of the customer: balance of started periods, lifetime use, the period containing today. */
export async function subscriptionBalances(
  db: Database,
  customerId: number,
  today: string,
): Promise<Map<number, SubscriptionBalanceRow>> {
  const result = await db.execute(sql`
    WITH periods AS (${periodsWithUsage({ where: sql`s.customer_id = ${customerId}` })})
    SELECT subscription_id,
           coalesce(sum(monthly_hours - used_hours) FILTER (WHERE period_start <= ${today}::date), 0) AS total_balance,
           sum(used_hours) AS total_used,
           max(period_start) FILTER (WHERE ${today}::date BETWEEN period_start AND period_end) AS current_start,
           max(period_end) FILTER (WHERE ${today}::date BETWEEN period_start AND period_end) AS current_end,
           max(used_hours) FILTER (WHERE ${today}::date BETWEEN period_start AND period_end) AS current_used
    FROM periods GROUP BY subscription_id`);
  const map = new Map<number, SubscriptionBalanceRow>();
  for (const r of result.rows as any[]) {
    map.set(r.subscription_id, {
      subscriptionId: r.subscription_id,
      totalBalance: hoursOf(r.total_balance),
      totalHoursUsedOverLifetime: hoursOf(r.total_used),
      current: r.current_start ? { start: r.current_start, end: r.current_end, used: hoursOf(r.current_used) } : null,
    });
  }
  return map;
}

export type HistoryRow = { periodStart: string; periodEnd: string; allocated: number; used: number; balance: number };

/** Started periods of one subscription, newest first. */
export async function subscriptionHistory(db: Database, subscriptionId: number, today: string): Promise<HistoryRow[]> {
  const result = await db.execute(sql`
    WITH periods AS (${periodsWithUsage({ where: sql`s.id = ${subscriptionId}` })})
    SELECT period_start, period_end, monthly_hours, used_hours, monthly_hours - used_hours AS balance
    FROM periods WHERE period_start <= ${today}::date ORDER BY period_start DESC`);
  return (result.rows as any[]).map((r) => ({
    periodStart: r.period_start,
    periodEnd: r.period_end,
    allocated: hoursOf(r.monthly_hours),
    used: hoursOf(r.used_hours),
    balance: hoursOf(r.balance),
  }));
}

/**
 * DOMAIN-RULES §4 package balance of one customer: purchased, used, remaining (may be
 * negative), from the customer's package totals kept by triggers (decision 0560).
 */
export async function packageBalance(db: Database, customerId: number) {
  const result = await db.execute(sql`
    SELECT purchased, used, purchased - used AS remaining FROM hour_package_totals WHERE customer_id = ${customerId}`);
  const row = result.rows[0] as { purchased: string; used: string; remaining: string } | undefined;
  if (!row) return { purchased: 0, used: 0, remaining: 0 };
  return { purchased: hoursOf(row.purchased), used: hoursOf(row.used), remaining: hoursOf(row.remaining) };
}

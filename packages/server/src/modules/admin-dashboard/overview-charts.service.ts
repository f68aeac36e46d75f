import {
  type HoursMonth,
  OVERVIEW_CHART_MONTHS,
  type OverviewCharts,
  RECEIVABLE_BUCKETS,
  type ReceivableBucketRow,
  type RevenueMonth,
} from '@butler/contract/overview-charts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { addMonths } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { type CustomerScope, scopeFilter, scopeKey } from '../../lib/customer-scope.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { CASH_OF_ENTRY } from '../quickbill/records/payments.repo.js';

/**
 * The admin overview's charts (decision 0651), each one aggregate in SQL over an index:
 * hours from the hour summaries (decision 0560), invoiced from the invoices' date index,
 * paid from the payment ledger by payment date, receivables from the sent invoices.
 */

/** The first day of the first month and of the current month. */
function monthRange(today: string) {
  const current = `${today.slice(0, 7)}-01`;
  return { first: addMonths(current, -(OVERVIEW_CHART_MONTHS - 1)), current };
}

const monthSeries = (first: string, current: string) =>
  sql`generate_series(${first}::date, ${current}::date, interval '1 month') AS m(month)`;

export async function hoursByMonth(db: Executor, today: string, scope: CustomerScope): Promise<HoursMonth[]> {
  const { first, current } = monthRange(today);
  const result = await db.execute(sql`
    SELECT to_char(m.month, 'YYYY-MM') AS month,
      coalesce(sum(s.allotted) FILTER (WHERE s.kind = 'abos'), 0)::text AS butler_sold,
      coalesce(sum(s.used) FILTER (WHERE s.kind = 'abos'), 0)::text AS butler_used,
      coalesce(sum(s.allotted) FILTER (WHERE s.kind = 'stundenpakete'), 0)::text AS packages_sold,
      coalesce(sum(s.used) FILTER (WHERE s.kind = 'stundenpakete'), 0)::text AS packages_used
    FROM ${monthSeries(first, current)}
    LEFT JOIN hour_month_summaries s ON s.month = m.month::date AND ${scopeFilter(scope, sql`s.customer_id`)}
    GROUP BY m.month ORDER BY m.month`);
  return (result.rows as Array<Record<string, string>>).map((r) => ({
    month: r.month,
    butler_sold: num(r.butler_sold),
    butler_used: num(r.butler_used),
    packages_sold: num(r.packages_sold),
    packages_used: num(r.packages_used),
  }));
}

/** Money received per month by payment date from the payment ledger (Ist-Besteuerung, decision 0580). */
const PAID_BY_MONTH = (first: string, today: string, scope: CustomerScope) => sql`
  SELECT date_trunc('month', p.payment_date)::date AS month, sum(${CASH_OF_ENTRY}) AS amount
  FROM payments p LEFT JOIN payments o ON o.id = p.reverses_id
  WHERE p.payment_date >= ${first}::date AND p.payment_date <= ${today}::date
    AND ${scopeFilter(scope, sql`p.customer_id`)}
  GROUP BY 1`;

/** Invoiced: gross of every issued invoice by invoice date; a Stornorechnung (negative) takes its amount off. */
export async function revenueByMonth(db: Executor, today: string, scope: CustomerScope): Promise<RevenueMonth[]> {
  const { first, current } = monthRange(today);
  const result = await db.execute(sql`
    WITH invoiced AS (
      SELECT date_trunc('month', invoice_date)::date AS month, sum(total_gross) AS amount
      FROM invoices
      WHERE invoice_date >= ${first}::date AND invoice_date <= ${today}::date AND status <> 'draft'
        AND ${scopeFilter(scope, sql`customer_id`)}
      GROUP BY 1
    ), paid AS (
      ${PAID_BY_MONTH(first, today, scope)}
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(i.amount, 0)::text AS invoiced, coalesce(p.amount, 0)::text AS paid
    FROM ${monthSeries(first, current)}
    LEFT JOIN invoiced i ON i.month = m.month::date
    LEFT JOIN paid p ON p.month = m.month::date
    ORDER BY m.month`);
  return (result.rows as Array<Record<string, string>>).map((r) => ({
    month: r.month,
    invoiced: num(r.invoiced),
    paid: num(r.paid),
  }));
}

/** Open receivables of the sent invoices by days past their due date, every bucket present. */
export async function receivablesAgeing(
  db: Executor,
  today: string,
  scope: CustomerScope,
): Promise<ReceivableBucketRow[]> {
  const result = await db.execute(sql`
    SELECT CASE
        WHEN due_date >= ${today}::date THEN 'not_due'
        WHEN ${today}::date - due_date <= 30 THEN 'days_1_30'
        WHEN ${today}::date - due_date <= 60 THEN 'days_31_60'
        WHEN ${today}::date - due_date <= 90 THEN 'days_61_90'
        ELSE 'days_over_90' END AS bucket,
      sum(total_gross - coalesce(paid_amount, 0))::text AS amount, count(*)::int AS invoices
    FROM invoices
    WHERE status = 'sent' AND kind = 'invoice' AND ${scopeFilter(scope, sql`customer_id`)}
    GROUP BY 1`);
  const rows = new Map((result.rows as Array<Record<string, any>>).map((r) => [r.bucket as string, r]));
  return RECEIVABLE_BUCKETS.map((bucket) => ({
    bucket,
    amount: num(rows.get(bucket)?.amount ?? '0'),
    invoices: rows.get(bucket)?.invoices ?? 0,
  }));
}

/**
 * The three charts in one answer. The hours are cached with the overview's figures until the
 * next write to the hour tables (data_version); invoices and payments do not move that version,
 * so the money figures are computed on every call (an index range of one year).
 */
export async function overviewCharts(
  db: Database,
  today: string,
  scope: CustomerScope,
  withMoney: boolean,
  dataVersion?: number,
): Promise<OverviewCharts> {
  const [hours, revenue, receivables] = await Promise.all([
    dashboardFigureCache(
      db,
      `chart-hours:${today}:${scopeKey(scope)}`,
      () => hoursByMonth(db, today, scope),
      dataVersion,
    ),
    withMoney ? revenueByMonth(db, today, scope) : undefined,
    withMoney ? receivablesAgeing(db, today, scope) : undefined,
  ]);
  return { as_of: today, hours, revenue, receivables };
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firstDayOfMonth } from '../../domain/calendar.js';
import { type CustomerScope, EVERY_CUSTOMER, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf } from './period-sql.js';

/**
 * The monthly view (SPEC 'Monthly dashboard', DOMAIN-RULES §4 'Admin figures'): per
 * customer with hours in a month, the ButlerPaket and hour-package figures of that month,
 * in name order, one page at a time (decision 0404).
 *
 * Read from the hour summaries kept by triggers (migration 0015, decision 0560): a customer
 * is listed when a ButlerPaket period is named by the month (its `abos` row) or a package
 * span covers the month; a page's figures are its customers' rows of the month, and for the
 * packages the last row up to the month (a month without movements has the closing balance
 * of the one before). Nothing here reads the ledger, so a page costs the same after a booking
 * as before it and does not grow with the history.
 */

type Figures = { hours_total: number; hours_used: number; hours_open: number };
export type MonthlyRow = { id: number; name: string; butler_packages: Figures; hour_packages: Figures };

/**
 * Customers listed in the month (first day `month`), as a query of column customer_id that may
 * name a customer twice (use it with IN): UNION's merge made the planner walk the summaries'
 * primary key in customer order, 8,000 index searches at ten times the data. Every `abos` row
 * has hours (subscriptions_hours_ck: monthly_hours > 0); a test of `allotted > 0` here made
 * PostgreSQL 18 plan a skip scan of the primary key instead of the month's index range.
 */
function listedIn(month: string, scope: CustomerScope): SQL {
  return sql`
    SELECT h.customer_id FROM hour_month_summaries h
    WHERE h.kind = 'abos' AND h.month = ${month}::date AND ${scopeFilter(scope, sql`h.customer_id`)}
    UNION ALL
    SELECT p.customer_id FROM hour_package_spans p
    WHERE p.from_month <= ${month}::date AND (p.to_month IS NULL OR p.to_month >= ${month}::date)
      AND ${scopeFilter(scope, sql`p.customer_id`)}`;
}

const figures = (total: string, used: string, open: string): Figures => ({
  hours_total: hoursOf(total),
  hours_used: hoursOf(used),
  hours_open: hoursOf(open),
});

/** The month's figures of exactly these customers, in their order. */
async function figuresOf(db: Database, customers: Array<{ id: number; name: string }>, month: string) {
  if (customers.length === 0) return [];
  // One parameter holding an array literal: drizzle would spread a JS array into a list.
  const ids = `{${customers.map((c) => c.id).join(',')}}`;
  const result = await db.execute(sql`
    SELECT x.*, x.butler_total - x.butler_used AS butler_open, x.package_total - x.package_used AS package_open
    FROM (
    SELECT c.id,
           coalesce(b.allotted, 0) AS butler_total, coalesce(b.used, 0) AS butler_used,
           coalesce(CASE WHEN p.month = ${month}::date THEN p.carried + p.allotted ELSE p.carried + p.allotted - p.used END, 0)
             AS package_total,
           coalesce(CASE WHEN p.month = ${month}::date THEN p.used END, 0) AS package_used
    FROM unnest(${ids}::int[]) AS c(id)
    LEFT JOIN hour_month_summaries b ON b.customer_id = c.id AND b.kind = 'abos' AND b.month = ${month}::date
    LEFT JOIN LATERAL (
      SELECT h.month, h.allotted, h.carried, h.used FROM hour_month_summaries h
      WHERE h.customer_id = c.id AND h.kind = 'stundenpakete' AND h.month <= ${month}::date
      ORDER BY h.month DESC LIMIT 1
    ) p ON true
    ) x`);
  const byId = new Map((result.rows as any[]).map((r) => [r.id as number, r]));
  return customers.map(({ id, name }): MonthlyRow => {
    const r = byId.get(id);
    return {
      id,
      name,
      butler_packages: figures(r.butler_total, r.butler_used, r.butler_open),
      hour_packages: figures(r.package_total, r.package_used, r.package_open),
    };
  });
}

async function countListed(db: Database, month: string, scope: CustomerScope): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS total FROM customers c WHERE c.id IN (${listedIn(month, scope)})`,
  );
  return (result.rows[0] as { total: number }).total;
}

/** One page of the monthly view and how many customers the month lists in all (within `scope`, decision 0540). */
export async function customersMonthlyPage(
  db: Database,
  year: number,
  month: number,
  page: { limit: number; offset: number },
  scope: CustomerScope = EVERY_CUSTOMER,
): Promise<{ rows: MonthlyRow[]; total: number }> {
  const first = firstDayOfMonth(year, month);
  const result = await db.execute(sql`
    SELECT c.id, c.first_name || ' ' || c.last_name AS name, count(*) OVER ()::int AS total
    FROM customers c WHERE c.id IN (${listedIn(first, scope)})
    ORDER BY c.last_name, c.first_name, c.id
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const rows = result.rows as Array<{ id: number; name: string; total: number }>;
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (page.offset > 0 ? await countListed(db, first, scope) : 0);
  return { rows: await figuresOf(db, rows, first), total };
}

/** Every customer the month lists (all pages; the reference tests compare against this). */
export async function customersMonthly(db: Database, year: number, month: number): Promise<MonthlyRow[]> {
  const { rows } = await customersMonthlyPage(db, year, month, { limit: 1_000_000_000, offset: 0 });
  return rows;
}

/** One customer's figures of the month as the monthly view shows them, or null when it does not list them. */
export async function monthlyFiguresOf(
  db: Database,
  customerId: number,
  year: number,
  month: number,
): Promise<MonthlyRow | null> {
  const first = firstDayOfMonth(year, month);
  const listed = await db.execute(sql`SELECT 1 FROM (${listedIn(first, { all: false, ids: [customerId] })}) l LIMIT 1`);
  if (listed.rows.length === 0) return null;
  const [row] = await figuresOf(db, [{ id: customerId, name: '' }], first);
  return row ?? null;
}

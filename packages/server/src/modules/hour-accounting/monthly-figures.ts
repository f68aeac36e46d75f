import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firstDayOfMonth, lastDayOfMonth } from '../../domain/calendar.js';
import { type CustomerScope, EVERY_CUSTOMER, inScope } from '../../lib/customer-scope.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { hasPackageHoursIn, type PackageLedger, packageFiguresOf, packageLedger } from './package-ledger.js';
import { hoursOf, periodsWithUsage } from './period-sql.js';

/**
 * The monthly view (SPEC 'Monthly dashboard', DOMAIN-RULES §4 'Admin figures'): per
 * customer with hours in a month, the ButlerPaket and hour-package figures of that month,
 * in name order, one page at a time (decision 0404).
 *
 * Who appears in a month comes from the roster, kept per data version like the package
 * ledger: every customer in name order and the months in which each has a ButlerPaket
 * period. A page then costs a walk over the roster and the figures of its own customers
 * only, so it does not grow with the number of customers the month lists.
 */

type Figures = { hours_total: number; hours_used: number; hours_open: number };
export type MonthlyRow = { id: number; name: string; butler_packages: Figures; hour_packages: Figures };

type Roster = {
  /** Every customer, ordered like the monthly view (last name, first name, id). */
  customers: Array<{ id: number; name: string }>;
  /** Per customer: [first, last] month index of the periods of each active ButlerPaket with hours. */
  butlerMonths: Map<number, Array<[number, number]>>;
};

/** Calendar month as a month index (year × 12 + month − 1), as the ledger keys it. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1;
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

async function loadRoster(db: Database): Promise<Roster> {
  // A ButlerPaket names period i by the month of its first day, start month + i, for
  // i < duration (period-sql.ts); the month query also requires the term to overlap the
  // month, so a term whose end_date was set earlier stops at the month of its end_date.
  const [customers, terms] = await Promise.all([
    db.execute(
      sql`SELECT id, first_name || ' ' || last_name AS name FROM customers ORDER BY last_name, first_name, id`,
    ),
    db.execute(sql`
      SELECT customer_id,
             date_part('year', start_date)::int * 12 + date_part('month', start_date)::int - 1 AS first_month,
             least(date_part('year', start_date)::int * 12 + date_part('month', start_date)::int - 2 + duration_months,
                   date_part('year', end_date)::int * 12 + date_part('month', end_date)::int - 1) AS last_month
      FROM subscriptions WHERE is_active AND monthly_hours > 0`),
  ]);
  const butlerMonths: Roster['butlerMonths'] = new Map();
  for (const t of terms.rows as Array<{ customer_id: number; first_month: number; last_month: number }>) {
    const list = butlerMonths.get(t.customer_id);
    if (list) list.push([t.first_month, t.last_month]);
    else butlerMonths.set(t.customer_id, [[t.first_month, t.last_month]]);
  }
  return { customers: customers.rows as Roster['customers'], butlerMonths };
}

function monthlyRoster(db: Database): Promise<Roster> {
  return dashboardFigureCache(db, 'monthly-roster', () => loadRoster(db));
}

/** Whether a customer has hours in the month (by index): a ButlerPaket period or package hours above 0. */
function listedInMonth(roster: Roster, ledger: PackageLedger, customerId: number, index: number) {
  const terms = roster.butlerMonths.get(customerId);
  if (terms?.some(([first, last]) => first <= index && index <= last)) return true;
  return hasPackageHoursIn(ledger.get(customerId), index);
}

const figures = (total: string, used: string, open: string): Figures => ({
  hours_total: hoursOf(total),
  hours_used: hoursOf(used),
  hours_open: hoursOf(open),
});

/** The month's figures of exactly these customers (already known to be listed), in their order. */
async function figuresOf(
  db: Database,
  ledger: PackageLedger,
  customers: Array<{ id: number; name: string }>,
  year: number,
  month: number,
): Promise<MonthlyRow[]> {
  if (customers.length === 0) return [];
  const from = firstDayOfMonth(year, month);
  const to = lastDayOfMonth(year, month);
  const result = await db.execute(sql`
    WITH periods AS (${periodsWithUsage({
      where: sql`s.is_active`,
      months: { from, to },
      customerIds: customers.map((c) => c.id),
    })})
    SELECT customer_id, sum(monthly_hours) AS total, sum(used_hours) AS used, sum(monthly_hours - used_hours) AS open
    FROM periods GROUP BY customer_id`);
  const butler = new Map((result.rows as any[]).map((r) => [r.customer_id as number, r]));
  const key = monthKey(year, month);
  return customers.map(({ id, name }) => {
    const b = butler.get(id);
    const pkg = packageFiguresOf(ledger.get(id), key);
    return {
      id,
      name,
      butler_packages: b ? figures(b.total, b.used, b.open) : figures('0', '0', '0'),
      hour_packages: { hours_total: pkg.total, hours_used: pkg.used, hours_open: pkg.open },
    };
  });
}

/** One page of the monthly view and how many customers the month lists in all. */
export async function customersMonthlyPage(
  db: Database,
  year: number,
  month: number,
  page: { limit: number; offset: number },
  scope: CustomerScope = EVERY_CUSTOMER,
): Promise<{ rows: MonthlyRow[]; total: number }> {
  const [roster, ledger] = await Promise.all([monthlyRoster(db), packageLedger(db)]);
  const index = monthIndex(year, month);
  const listed = roster.customers.filter((c) => inScope(scope, c.id) && listedInMonth(roster, ledger, c.id, index));
  const rows = await figuresOf(db, ledger, listed.slice(page.offset, page.offset + page.limit), year, month);
  return { rows, total: listed.length };
}

/** Every customer the month lists (all pages; the reference tests compare against this). */
export async function customersMonthly(db: Database, year: number, month: number): Promise<MonthlyRow[]> {
  const { rows } = await customersMonthlyPage(db, year, month, { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  return rows;
}

/** One customer's figures of the month as the monthly view shows them, or null when it does not list them. */
export async function monthlyFiguresOf(
  db: Database,
  customerId: number,
  year: number,
  month: number,
): Promise<MonthlyRow | null> {
  const [roster, ledger] = await Promise.all([monthlyRoster(db), packageLedger(db)]);
  if (!listedInMonth(roster, ledger, customerId, monthIndex(year, month))) return null;
  const [row] = await figuresOf(db, ledger, [{ id: customerId, name: '' }], year, month);
  return row ?? null;
}

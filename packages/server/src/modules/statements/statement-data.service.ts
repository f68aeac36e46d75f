import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firstDayOfMonth, lastDayOfMonth } from '../../domain/calendar.js';
import { monthlyFiguresOf } from '../hour-accounting/monthly-figures.service.js';
import { hoursOf } from '../hour-accounting/period-sql.js';

export type StatementEntry = { id: number; date: string; project: string; activity: string; hours: number };
type Figures = { hours_total: number; hours_used: number; hours_open: number };

/** Everything a Monatsübersicht shows: the month's entries by kind and the dashboard's figures. */
export type StatementData = {
  month: string;
  customer: { id: number; name: string; address: string };
  butler: {
    entries: StatementEntry[];
    figures: Figures;
    /** The ButlerPaket period named by this month (the dashboard's month), if any. */
    period: { start: string; end: string } | null;
    carryOver: number;
    balance: number;
  };
  packages: { entries: StatementEntry[]; figures: Figures };
};

const monthBounds = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return { year: y, month: m, from: firstDayOfMonth(y, m), to: lastDayOfMonth(y, m) };
};

/**
 * The statement of `month` (`YYYY-MM`). Allotment, used and open are the admin
 * dashboard's figures for that month (monthlyFiguresOf, the same implementation);
 * carry-over is the balance of the periods before it, from the same summary row.
 */
export async function loadStatement(db: Database, customerId: number, month: string): Promise<StatementData | null> {
  const b = monthBounds(month);
  const [customerRows, row, entries, carry] = await Promise.all([
    db.execute(sql`SELECT first_name || ' ' || last_name AS name,
        concat_ws(', ', nullif(street, ''), nullif(concat_ws(' ', nullif(postal_code, ''), nullif(city, '')), '')) AS address
      FROM customers WHERE id = ${customerId}`),
    monthlyFiguresOf(db, customerId, b.year, b.month),
    db.execute(sql`SELECT te.id, te.work_date, p.name AS project, te.activity_description, te.hours, te.billing_type
      FROM time_entries te JOIN projects p ON p.id = te.project_id
      WHERE te.customer_id = ${customerId} AND te.work_date BETWEEN ${b.from}::date AND ${b.to}::date
      ORDER BY te.work_date, te.id`),
    // The carry-over is the `abos` summary row's (decision 0560); the period named by the month
    // comes from the active subscriptions' terms (period i starts i months after the start).
    db.execute(sql`
      SELECT (SELECT h.carried FROM hour_month_summaries h
               WHERE h.customer_id = ${customerId} AND h.kind = 'abos' AND h.month = ${b.from}::date) AS carry,
             min(p.start) AS period_start, max(p.start_next - 1) AS period_end
      FROM subscriptions s
      CROSS JOIN LATERAL (
        SELECT ${b.year * 12 + b.month - 1}::int
               - (date_part('year', s.start_date)::int * 12 + date_part('month', s.start_date)::int - 1) AS i
      ) x
      CROSS JOIN LATERAL (
        SELECT (s.start_date + make_interval(months => x.i))::date AS start,
               (s.start_date + make_interval(months => x.i + 1))::date AS start_next
      ) p
      WHERE s.customer_id = ${customerId} AND s.is_active AND x.i BETWEEN 0 AND s.duration_months - 1`),
  ]);
  const customer = customerRows.rows[0] as { name: string; address: string } | undefined;
  if (!customer) return null;
  const zero: Figures = { hours_total: 0, hours_used: 0, hours_open: 0 };
  const list = (type: string) =>
    (entries.rows as any[])
      .filter((e) => e.billing_type === type)
      .map((e) => ({
        id: Number(e.id),
        date: e.work_date,
        project: e.project,
        activity: e.activity_description,
        hours: hoursOf(e.hours),
      }));
  const carryRow = carry.rows[0] as { carry: string | null; period_start: string | null; period_end: string | null };
  const carryOver = hoursOf(carryRow.carry);
  const butlerFigures = row?.butler_packages ?? zero;
  return {
    month,
    customer: { id: customerId, name: customer.name, address: customer.address ?? '' },
    butler: {
      entries: list('abos'),
      figures: butlerFigures,
      carryOver,
      period: carryRow.period_start ? { start: carryRow.period_start, end: carryRow.period_end as string } : null,
      balance: Math.round((carryOver + butlerFigures.hours_open) * 100) / 100,
    },
    packages: { entries: list('stundenpakete'), figures: row?.hour_packages ?? zero },
  };
}

/** Past months (before `today`'s) in which the customer booked hours, newest first. */
export async function statementMonths(db: Database, customerId: number, today: string): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT to_char(work_date, 'YYYY-MM') AS month FROM time_entries
    WHERE customer_id = ${customerId} AND work_date < date_trunc('month', ${today}::date)
    ORDER BY 1 DESC`);
  return (result.rows as Array<{ month: string }>).map((r) => r.month);
}

/** Active customers who booked hours in `month` (they get its statement). */
export async function customersWithActivity(db: Database, month: string) {
  const b = monthBounds(month);
  const result = await db.execute(sql`
    SELECT c.id, c.first_name, c.email, c.statement_mails FROM customers c
    WHERE c.is_active AND EXISTS (SELECT 1 FROM time_entries te
      WHERE te.customer_id = c.id AND te.work_date BETWEEN ${b.from}::date AND ${b.to}::date)
    ORDER BY c.id`);
  return result.rows as Array<{ id: number; first_name: string; email: string; statement_mails: boolean }>;
}

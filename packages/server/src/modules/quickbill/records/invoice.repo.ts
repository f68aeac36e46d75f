import type { InvoiceListQuery } from '@butler/contract/quickbill';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../../../db/executor.js';
import { invoiceItems, invoiceReminders, invoices, timeEntries } from '../../../db/schema/index.js';
import { addDays, firstDayOfMonth, lastDayOfMonth, parseDate } from '../../../domain/calendar.js';
import { AppError } from '../../../lib/errors.js';
import { cashSql } from './payments.repo.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

/** `[from, to]` (inclusive) of the period filter, relative to today in Vienna. */
export function dateFilterRange(filter: InvoiceListQuery['date_filter'], today: string): [string, string] | null {
  const { year, month } = parseDate(today);
  switch (filter) {
    case 'today':
      return [today, today];
    case 'week': {
      // ISO week: Monday to Sunday.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(today, -weekday);
      return [monday, addDays(monday, 6)];
    }
    case 'month':
      return [firstDayOfMonth(year, month), lastDayOfMonth(year, month)];
    case 'year':
      return [`${year}-01-01`, `${year}-12-31`];
    default:
      return null;
  }
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL conditions of the list filters; `overdue` = sent, not a credit note, due before today. */
export function listConditions(query: InvoiceListQuery, today: string): SQL[] {
  const where: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(or(ilike(invoices.invoiceNumber, pattern), ilike(invoices.customerName, pattern))!);
  }
  if (query.customer_id) where.push(eq(invoices.customerId, query.customer_id));
  const overdue = and(eq(invoices.status, 'sent'), eq(invoices.kind, 'invoice'), lt(invoices.dueDate, today))!;
  if (query.status === 'overdue') where.push(overdue);
  else if (query.status === 'sent') where.push(eq(invoices.status, 'sent'), sql`NOT (${overdue})`);
  else if (query.status === 'partially_paid') where.push(eq(invoices.status, 'sent'), sql`${invoices.paidAmount} > 0`);
  else if (query.status && query.status !== 'all') where.push(eq(invoices.status, query.status));
  const range = dateFilterRange(query.date_filter, today);
  if (range) where.push(gte(invoices.invoiceDate, range[0]), lte(invoices.invoiceDate, range[1]));
  return where;
}

export async function listInvoices(db: Executor, query: InvoiceListQuery, today: string) {
  const where = and(...listConditions(query, today));
  const limit = query.limit ?? query.page_size;
  const offset = query.limit ? 0 : (query.page - 1) * query.page_size;
  // Counting all invoices reads a whole index: a list filtered by status only (or not at
  // all) takes its total from invoice_totals (decision 0402).
  const counted = async () =>
    (await countFromTotals(db, query)) ?? (await db.select({ total: count() }).from(invoices).where(where))[0].total;
  const [rows, total] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
        .limit(limit)
        .offset(offset),
    counted,
  );
  return { rows, total };
}

export async function findInvoice(db: Executor, id: number, lock = false): Promise<InvoiceRow> {
  const base = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new AppError('INVOICE_NOT_FOUND');
  return row;
}

export async function loadItems(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
}

export async function loadTimeEntries(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.invoiceId, invoiceId))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
}

export async function loadReminders(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.level));
}

/** The credit note that cancelled `invoiceId`, if any. */
export async function findCreditNoteFor(db: Executor, invoiceId: number) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.creditNoteForId, invoiceId), eq(invoices.kind, 'credit_note')));
  return row ?? null;
}

/**
 * SPEC §3 dashboard figures. Count and totals per kind and status come from invoice_totals
 * (kept by triggers, decision 0402); open receivables are the open amounts of the sent
 * invoices; revenue is money received by payment date (Ist-Besteuerung, decision 0580).
 */
export async function dashboardFigures(db: Executor, today: string) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(invoices), 0) FROM invoice_totals WHERE kind = 'invoice')::int AS count,
      (SELECT coalesce(sum(total_gross), 0) FROM invoice_totals WHERE kind = 'invoice' AND status IN ('sent','paid'))::text AS total,
      o.open::text AS open, o.overdue,
      ${cashSql(monthStart, today)}::text AS month,
      ${cashSql(yearStart, today)}::text AS year
    FROM (
      SELECT coalesce(sum(total_gross - coalesce(paid_amount, 0)), 0) AS open,
        count(*) FILTER (WHERE due_date < ${today}::date)::int AS overdue
      FROM invoices WHERE status = 'sent' AND kind = 'invoice'
    ) o`);
  return result.rows[0] as { count: number; total: string; open: string; overdue: number; month: string; year: string };
}

/**
 * The number of invoices of a list filtered by status only (or not at all), from
 * invoice_totals; null when other filters apply (then the list counts its rows).
 */
export async function countFromTotals(db: Executor, query: InvoiceListQuery): Promise<number | null> {
  if (query.search || query.customer_id || (query.date_filter && query.date_filter !== 'all')) return null;
  if (query.status === 'overdue' || query.status === 'sent' || query.status === 'partially_paid') return null;
  const status = query.status && query.status !== 'all' ? sql`WHERE status = ${query.status}` : sql``;
  const result = await db.execute(sql`SELECT coalesce(sum(invoices), 0)::int AS total FROM invoice_totals ${status}`);
  return (result.rows[0] as { total: number }).total;
}

import { AGEING_BUCKETS, type AgeingBucket, type OpenItems } from '@butler/contract/payments';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { num } from '../../../domain/decimal.js';

/** Ageing bucket of an open invoice by days past its due date. */
export function bucketOf(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'not_due';
  if (daysOverdue <= 30) return 'days_1_30';
  if (daysOverdue <= 60) return 'days_31_60';
  if (daysOverdue <= 90) return 'days_61_90';
  return 'days_over_90';
}

/**
 * "Offene Posten": every issued invoice not fully paid, by customer, with ageing buckets
 * (aggregated in SQL over the partial index invoices_open_customer_idx) and totals; the
 * customers page on the server, largest open amount first.
 */
export async function openItems(
  db: Executor,
  today: string,
  query: { search?: string; page: number; page_size: number },
): Promise<OpenItems> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filter = search ? sql`AND (customer_name ILIKE ${search} OR invoice_number ILIKE ${search})` : sql``;
  const bucket = sql`CASE
      WHEN due_date >= ${today}::date THEN 'not_due'
      WHEN ${today}::date - due_date <= 30 THEN 'days_1_30'
      WHEN ${today}::date - due_date <= 60 THEN 'days_31_60'
      WHEN ${today}::date - due_date <= 90 THEN 'days_61_90'
      ELSE 'days_over_90' END`;
  const open = sql`SELECT id, customer_id, customer_name, invoice_number, invoice_date, due_date, total_gross,
      reminder_level, total_gross - coalesce(paid_amount, 0) AS open, ${bucket} AS bucket
    FROM invoices WHERE status = 'sent' AND kind = 'invoice' ${filter}`;
  const sums = AGEING_BUCKETS.map(
    (b) => sql`coalesce(sum(open) FILTER (WHERE bucket = ${b}), 0)::text AS ${sql.raw(b)}`,
  );
  const totalsResult = await db.execute(sql`
    WITH o AS (${open})
    SELECT ${sql.join(sums, sql`, `)}, coalesce(sum(open), 0)::text AS total,
      count(DISTINCT coalesce(customer_id::text, customer_name))::int AS customers, count(*)::int AS invoices
    FROM o`);
  const totalsRow = totalsResult.rows[0] as Record<string, string | number>;
  const offset = (query.page - 1) * query.page_size;
  const groups = await db.execute(sql`
    WITH o AS (${open}),
    g AS (
      SELECT customer_id, min(customer_name) AS customer_name, sum(open) AS total, ${sql.join(sums, sql`, `)}
      FROM o GROUP BY customer_id, CASE WHEN customer_id IS NULL THEN customer_name END
      ORDER BY sum(open) DESC, min(customer_name), customer_id LIMIT ${query.page_size} OFFSET ${offset}
    )
    SELECT g.*, g.total::text AS total_text, (
      SELECT json_agg(json_build_object('id', o.id, 'invoice_number', o.invoice_number, 'invoice_date', o.invoice_date,
        'due_date', o.due_date, 'total_gross', o.total_gross, 'open', o.open, 'bucket', o.bucket,
        'reminder_level', o.reminder_level, 'days_overdue', greatest(0, ${today}::date - o.due_date)) ORDER BY o.due_date, o.id)
      FROM o WHERE o.customer_id IS NOT DISTINCT FROM g.customer_id
        AND (g.customer_id IS NOT NULL OR o.customer_name = g.customer_name)
    ) AS items
    FROM g ORDER BY g.total DESC, g.customer_name, g.customer_id`);
  const toBuckets = (row: Record<string, unknown>) =>
    Object.fromEntries(AGEING_BUCKETS.map((b) => [b, num(row[b] as string)])) as Record<AgeingBucket, number>;
  return {
    totals: {
      ...toBuckets(totalsRow),
      total: num(totalsRow.total as string),
      customers: totalsRow.customers as number,
      invoices: totalsRow.invoices as number,
    },
    customers: (groups.rows as Array<Record<string, any>>).map((g) => ({
      ...toBuckets(g),
      customer_id: g.customer_id,
      customer_name: g.customer_name,
      total: num(g.total_text),
      invoices: (g.items ?? []).map((i: any) => ({
        id: i.id,
        invoice_number: i.invoice_number,
        invoice_date: i.invoice_date,
        due_date: i.due_date,
        total_gross: num(i.total_gross),
        open_amount: num(i.open),
        days_overdue: i.days_overdue,
        bucket: i.bucket,
        reminder_level: i.reminder_level,
      })),
    })),
    total: totalsRow.customers as number,
    page: query.page,
    page_size: query.page_size,
  };
}

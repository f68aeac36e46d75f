import type { ToBillCustomer } from '@butler/contract/to-bill';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { num } from '../../../domain/decimal.js';

/**
 * What is really to bill, per customer (decision 0773), from the hour summaries (decision
 * 0560) and the packages: a package sold with a price and no live invoice; Stundenpakete
 * booked beyond those bought; ButlerPaket hours of this month beyond its allotment and
 * carry-over. Customers with none of these are not listed; hours inside a paid package are
 * never "to bill".
 */
export async function customersToBill(db: Database, today: string): Promise<ToBillCustomer[]> {
  const result = await db.execute(sql`
    WITH unbilled AS (
      SELECT hp.customer_id,
        json_agg(json_build_object('id', hp.id, 'hours', hp.hours, 'total_price', hp.total_price,
          'purchase_date', hp.purchase_date) ORDER BY hp.purchase_date, hp.id) AS packages
      FROM hour_packages hp
      WHERE hp.total_price > 0 AND NOT EXISTS (
        SELECT 1 FROM invoices i WHERE i.hour_package_id = hp.id AND i.kind = 'invoice' AND i.status <> 'cancelled')
      GROUP BY hp.customer_id
    ),
    minus AS (
      SELECT customer_id, used - purchased AS hours FROM hour_package_totals WHERE used > purchased
    ),
    overuse AS (
      SELECT customer_id, -(sum(carried + allotted - used)) AS hours FROM hour_month_summaries
      WHERE kind = 'abos' AND month = date_trunc('month', ${today}::date)::date
      GROUP BY customer_id HAVING sum(carried + allotted - used) < 0
    ),
    listed AS (
      SELECT customer_id FROM unbilled UNION SELECT customer_id FROM minus UNION SELECT customer_id FROM overuse
    )
    SELECT c.id, c.first_name || ' ' || c.last_name AS name,
      coalesce(u.packages, '[]'::json) AS packages,
      coalesce(m.hours, 0)::text AS minus, coalesce(o.hours, 0)::text AS overuse,
      (SELECT count(*)::int FROM time_entries te
        WHERE te.customer_id = c.id AND te.is_billable AND te.invoice_id IS NULL) AS waiting
    FROM listed l
    JOIN customers c ON c.id = l.customer_id
    LEFT JOIN unbilled u ON u.customer_id = c.id
    LEFT JOIN minus m ON m.customer_id = c.id
    LEFT JOIN overuse o ON o.customer_id = c.id
    ORDER BY c.last_name, c.first_name, c.id`);
  return (
    result.rows as Array<{
      id: number;
      name: string;
      packages: Array<{ id: number; hours: string; total_price: string; purchase_date: string }>;
      minus: string;
      overuse: string;
      waiting: number;
    }>
  ).map((r) => ({
    customer_id: r.id,
    customer_name: r.name,
    unbilled_packages: r.packages.map((p) => ({
      id: p.id,
      hours: num(p.hours),
      total_price: num(p.total_price),
      purchase_date: p.purchase_date,
    })),
    package_minus: num(r.minus),
    butler_overuse: num(r.overuse),
    waiting_entries: r.waiting,
  }));
}

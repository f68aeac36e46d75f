import type { TripMonth } from '@butler/contract/visits';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';

/**
 * Fahrten per month (decision 0840): the customer's done visits of kind "Besuch mit Fahrt"
 * that start in the month in Vienna, against the monthly trips of the ButlerPaket running in
 * that month (the larger one when two overlap at a change; null when none counts trips).
 */
export async function tripMonths(db: Executor, customerId: number, months: string[]): Promise<TripMonth[]> {
  if (months.length === 0) return [];
  const firsts = `{${months.map((m) => `${m}-01`).join(',')}}`;
  const result = await db.execute<{ month: string; used: number; allotted: number | null }>(sql`
    SELECT to_char(m.first, 'YYYY-MM') AS month,
      (SELECT count(*)::int FROM visits v
        WHERE v.customer_id = ${customerId} AND v.kind = 'trip' AND v.state = 'done'
          AND v.starts_at >= (m.first::timestamp AT TIME ZONE 'Europe/Vienna')
          AND v.starts_at < ((m.first + interval '1 month')::timestamp AT TIME ZONE 'Europe/Vienna')) AS used,
      (SELECT max(s.monthly_trips) FROM subscriptions s
        WHERE s.customer_id = ${customerId}
          AND s.start_date < (m.first + interval '1 month')::date AND s.end_date >= m.first) AS allotted
    FROM unnest(${firsts}::date[]) AS m(first)
    ORDER BY m.first`);
  return result.rows.map((row) => ({ month: row.month, used: Number(row.used), allotted: row.allotted }));
}

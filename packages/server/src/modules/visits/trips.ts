import { formatMonthYear } from '@butler/contract/format';
import type { TripMonth } from '@butler/contract/visits';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { monthKeyOf } from '../../domain/calendar.js';
import { viennaParts } from '../../domain/vienna-time.js';
import { AppError } from '../../lib/errors.js';
import { loadVisitSettings } from './visit-settings.service.js';

/**
 * Fahrten per month (decisions 0840, 0841): the customer's done visits of kind "Besuch mit
 * Fahrt" that start in the month in Vienna, against the monthly trips of the ButlerPaket
 * running in that month (the larger one when two overlap at a change; null when none counts
 * trips). With "übernehmen" on, the month before's own unused trips are added when one
 * ButlerPaket runs in both months; a month's trips use its own allotment first, so carried
 * trips never carry on again.
 */
export async function tripMonths(db: Executor, customerId: number, months: string[]): Promise<TripMonth[]> {
  return (await tripMonthsOf(db, [customerId], months)).get(customerId) ?? [];
}

/**
 * The same for many customers at once (the monthly view's page), in one query: each listed
 * customer gets a row per month, keyed by customer id.
 */
export async function tripMonthsOf(
  db: Executor,
  customerIds: number[],
  months: string[],
): Promise<Map<number, TripMonth[]>> {
  const byCustomer = new Map<number, TripMonth[]>();
  if (months.length === 0 || customerIds.length === 0) return byCustomer;
  const { trips_carry_over: carry } = await loadVisitSettings(db);
  const firsts = `{${months.map((m) => `${m}-01`).join(',')}}`;
  const ids = `{${customerIds.join(',')}}`;
  const result = await db.execute<{
    customer_id: number;
    month: string;
    used: number;
    allotted: number | null;
    carried: number;
  }>(sql`
    WITH m AS (SELECT first, (first - interval '1 month')::date AS prev FROM unnest(${firsts}::date[]) AS u(first)),
    c AS (SELECT id FROM unnest(${ids}::int[]) AS u(id))
    SELECT c.id AS customer_id, to_char(m.first, 'YYYY-MM') AS month,
      (SELECT count(*)::int FROM visits v
        WHERE v.customer_id = c.id AND v.kind = 'trip' AND v.state = 'done'
          AND v.starts_at >= (m.first::timestamp AT TIME ZONE 'Europe/Vienna')
          AND v.starts_at < ((m.first + interval '1 month')::timestamp AT TIME ZONE 'Europe/Vienna')) AS used,
      (SELECT max(s.monthly_trips) FROM subscriptions s
        WHERE s.customer_id = c.id
          AND s.start_date < (m.first + interval '1 month')::date AND s.end_date >= m.first) AS allotted,
      CASE WHEN ${carry} THEN GREATEST(0, COALESCE((
        SELECT max(s.monthly_trips) FROM subscriptions s
          WHERE s.customer_id = c.id
            AND s.start_date < m.first AND s.end_date >= m.prev
            AND s.end_date >= m.first), 0)
        - (SELECT count(*)::int FROM visits v
            WHERE v.customer_id = c.id AND v.kind = 'trip' AND v.state = 'done'
              AND v.starts_at >= (m.prev::timestamp AT TIME ZONE 'Europe/Vienna')
              AND v.starts_at < (m.first::timestamp AT TIME ZONE 'Europe/Vienna')))
      ELSE 0 END AS carried
    FROM c CROSS JOIN m
    ORDER BY c.id, m.first`);
  for (const row of result.rows) {
    const list = byCustomer.get(row.customer_id) ?? [];
    list.push({
      month: row.month,
      used: Number(row.used),
      allotted: row.allotted,
      carried_over: row.allotted === null ? 0 : Number(row.carried),
    });
    byCustomer.set(row.customer_id, list);
  }
  return byCustomer;
}

/**
 * Trips being planned beyond the month's Fahrten (planned, confirmed, moved and done trips
 * together, the visits being changed left out): by the setting, refused with a German 409
 * or answered as one warning line per month. Months without an allotment are not limited.
 */
export async function checkTripAllotment(
  db: Executor,
  customerId: number,
  starts: Date[],
  except: number[] = [],
): Promise<string[]> {
  if (starts.length === 0) return [];
  const settings = await loadVisitSettings(db);
  const byMonth = new Map<string, number>();
  for (const start of starts) {
    const month = monthKeyOf(viennaParts(start).date);
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
  }
  const months = [...byMonth.keys()].sort();
  const allotments = await tripMonths(db, customerId, months);
  const exceptList = `{${except.join(',')}}`;
  const lines: string[] = [];
  for (const month of allotments) {
    if (month.allotted === null) continue;
    const [row] = (
      await db.execute<{ booked: number }>(sql`
        SELECT count(*)::int AS booked FROM visits v
        WHERE v.customer_id = ${customerId} AND v.kind = 'trip' AND v.state <> 'cancelled'
          AND NOT (v.id = ANY(${exceptList}::int[]))
          AND v.starts_at >= (${`${month.month}-01`}::date::timestamp AT TIME ZONE 'Europe/Vienna')
          AND v.starts_at < ((${`${month.month}-01`}::date + interval '1 month')::timestamp AT TIME ZONE 'Europe/Vienna')`)
    ).rows;
    const total = Number(row.booked) + (byMonth.get(month.month) ?? 0);
    const limit = month.allotted + month.carried_over;
    if (total > limit)
      lines.push(
        `${formatMonthYear(Number(month.month.slice(0, 4)), Number(month.month.slice(5, 7)))}: ${total} Fahrten geplant, ${limit} im ButlerPaket${month.carried_over ? ` (davon ${month.carried_over} übernommen)` : ''}`,
      );
  }
  if (lines.length && settings.trip_overrun === 'refuse')
    throw new AppError(
      'VISIT_TRIPS_EXCEEDED',
      `Mehr Fahrten, als das ButlerPaket enthält: ${lines.join('; ')}. Planen Sie den Termin in einem anderen Monat, oder ändern Sie die Regel unter Einstellungen → Termine.`,
    );
  return lines;
}

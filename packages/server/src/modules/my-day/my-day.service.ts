import { type MyCustomer, type MyHours, type MyHoursSpan, OTHER_CUSTOMERS } from '@butler/contract/my-day';
import { NO_USABLE_HOURS } from '@butler/contract/usable-hours';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addDays, firstDayOfMonth, lastDayOfMonth, parseDate } from '../../domain/calendar.js';
import type { SessionContext } from '../../lib/access.js';
import { type CustomerScope, inScope, scopeFilter } from '../../lib/customer-scope.js';
import { hoursOf } from '../hour-accounting/period-sql.js';
import { presentUsableHours, usableHoursSql } from '../hour-accounting/usable-hours.repo.js';

const round = (value: number) => Math.round(value * 100) / 100;

/** Monday of the ISO week containing `date`. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * One span of the staff member's own bookings: by day and by customer. Hours booked for a
 * customer outside `scope` (one the Butler no longer looks after) count, under "Weitere Kunden".
 */
async function span(
  db: Database,
  adminId: number,
  scope: CustomerScope,
  from: string,
  to: string,
  everyDay: boolean,
): Promise<MyHoursSpan> {
  const result = await db.execute(sql`
    SELECT te.work_date, te.customer_id, c.first_name || ' ' || c.last_name AS name, sum(te.hours) AS hours
    FROM time_entries te JOIN customers c ON c.id = te.customer_id
    WHERE te.created_by_admin_id = ${adminId} AND te.work_date BETWEEN ${from}::date AND ${to}::date
    GROUP BY te.work_date, te.customer_id, c.first_name, c.last_name`);
  const byDay = new Map<string, number>();
  const byCustomer = new Map<number | null, { name: string; hours: number }>();
  let total = 0;
  for (const r of result.rows as any[]) {
    const h = hoursOf(r.hours);
    total += h;
    byDay.set(r.work_date, (byDay.get(r.work_date) ?? 0) + h);
    const id = inScope(scope, r.customer_id) ? (r.customer_id as number) : null;
    const entry = byCustomer.get(id) ?? { name: id === null ? OTHER_CUSTOMERS : r.name, hours: 0 };
    entry.hours += h;
    byCustomer.set(id, entry);
  }
  const days: MyHoursSpan['days'] = [];
  if (everyDay) {
    for (let d = from; d <= to; d = addDays(d, 1)) days.push({ date: d, hours: round(byDay.get(d) ?? 0) });
  } else {
    for (const d of [...byDay.keys()].sort()) days.push({ date: d, hours: round(byDay.get(d) ?? 0) });
  }
  const customers = [...byCustomer.entries()]
    .map(([customer_id, c]) => ({ customer_id, name: c.name, hours: round(c.hours) }))
    .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name, 'de'));
  return { from, to, total: round(total), days, customers };
}

/** "Meine Stunden": this week (Monday to Sunday) and this month of `today`. */
export async function myHours(
  db: Database,
  session: SessionContext,
  scope: CustomerScope,
  today: string,
): Promise<MyHours> {
  const adminId = session.adminId as number;
  const monday = mondayOf(today);
  const { year, month } = parseDate(today);
  const [week, monthSpan] = await Promise.all([
    span(db, adminId, scope, monday, addDays(monday, 6), true),
    span(db, adminId, scope, firstDayOfMonth(year, month), lastDayOfMonth(year, month), false),
  ]);
  return { week, month: monthSpan };
}

/**
 * "Meine Kunden": the active customers the staff member is Betreuer of (within `scope`), in name
 * order, with address, phone and the one hours figure (decision 0742) from the same query as
 * everywhere else.
 */
export async function myCustomers(
  db: Database,
  session: SessionContext,
  scope: CustomerScope,
  today: string,
): Promise<MyCustomer[]> {
  const adminId = session.adminId as number;
  const mine = sql`c.id IN (SELECT cs.customer_id FROM customer_staff cs WHERE cs.admin_id = ${adminId})
    AND ${scopeFilter(scope, sql`c.id`)}`;
  const result = await db.execute(sql`
    SELECT c.id, c.first_name || ' ' || c.last_name AS name, c.phone,
           nullif(concat_ws(', ', nullif(c.street, ''), nullif(concat_ws(' ', nullif(c.postal_code, ''), nullif(c.city, '')), '')), '') AS address,
           u.*
    FROM customers c
    LEFT JOIN (${usableHoursSql(today, mine)}) u ON u.customer_id = c.id
    WHERE c.is_active AND ${mine}
    ORDER BY c.last_name, c.first_name, c.id`);
  return (result.rows as any[]).map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address ?? null,
    phone: r.phone ?? null,
    usable_hours: r.customer_id == null ? NO_USABLE_HOURS : presentUsableHours(r),
  }));
}

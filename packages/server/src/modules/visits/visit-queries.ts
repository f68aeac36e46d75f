import { orderNumber } from '@butler/contract/orders';
import type { Visit, VisitKind, VisitRequestKind, VisitState } from '@butler/contract/visits';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { admins, customers, orders, visitRequests, visitStaff, visits } from '../../db/schema/index.js';

const staffDisplay = sql<string>`COALESCE(NULLIF(${admins.name}, ''), ${admins.username})`;

/** The customer's address in one line, or null when none is kept. */
export function addressLine(row: { street: string | null; postalCode: string | null; city: string | null }) {
  const town = [row.postalCode, row.city].filter(Boolean).join(' ');
  const line = [row.street, town].filter(Boolean).join(', ');
  return line || null;
}

/** Who comes to each of the visits, by visit id, in name order. */
export async function staffOfVisits(db: Executor, ids: number[]) {
  const byVisit = new Map<number, Array<{ id: number; name: string }>>();
  if (ids.length === 0) return byVisit;
  const rows = await db
    .select({ visitId: visitStaff.visitId, id: admins.id, name: staffDisplay })
    .from(visitStaff)
    .innerJoin(admins, eq(admins.id, visitStaff.adminId))
    .where(inArray(visitStaff.visitId, ids))
    .orderBy(staffDisplay, admins.id);
  for (const row of rows) {
    const list = byVisit.get(row.visitId) ?? [];
    list.push({ id: row.id, name: row.name });
    byVisit.set(row.visitId, list);
  }
  return byVisit;
}

/** Visits matching `where`, in the order they happen, as the API presents them. */
export async function findVisits(db: Executor, where: SQL | undefined, limit?: number): Promise<Visit[]> {
  const query = db
    .select({
      visit: visits,
      firstName: customers.firstName,
      lastName: customers.lastName,
      street: customers.street,
      postalCode: customers.postalCode,
      city: customers.city,
      orderTitle: orders.title,
      // Vienna's wall time, computed by PostgreSQL (cheaper than a time zone in JS for every row).
      startLocal: sql<string>`to_char(${visits.startsAt} AT TIME ZONE 'Europe/Vienna', 'YYYY-MM-DD HH24:MI')`,
      endLocal: sql<string>`to_char(${visits.endsAt} AT TIME ZONE 'Europe/Vienna', 'HH24:MI')`,
      request: {
        id: visitRequests.id,
        kind: visitRequests.kind,
        message: visitRequests.message,
        createdAt: visitRequests.createdAt,
      },
    })
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .leftJoin(orders, eq(orders.id, visits.orderId))
    .leftJoin(visitRequests, and(eq(visitRequests.visitId, visits.id), isNull(visitRequests.resolvedAt)))
    .where(where)
    .orderBy(asc(visits.startsAt), asc(visits.id));
  const rows = limit ? await query.limit(limit) : await query;
  const staff = await staffOfVisits(
    db,
    rows.map((r) => r.visit.id),
  );
  return rows.map(({ visit, orderTitle, request, startLocal, endLocal, ...customer }) => {
    const start = { date: startLocal.slice(0, 10), time: startLocal.slice(11) };
    const end = { time: endLocal };
    return {
      id: visit.id,
      customer_id: visit.customerId,
      customer_name: `${customer.firstName} ${customer.lastName}`,
      customer_address: addressLine(customer),
      date: start.date,
      start_time: start.time,
      end_time: end.time,
      starts_at: visit.startsAt.toISOString(),
      ends_at: visit.endsAt.toISOString(),
      kind: visit.kind as VisitKind,
      state: visit.state as VisitState,
      place: visit.place,
      purpose: visit.purpose,
      order:
        visit.orderId !== null && orderTitle !== null
          ? { id: visit.orderId, number: orderNumber(visit.orderId), title: orderTitle }
          : null,
      series_id: visit.seriesId,
      butlers: staff.get(visit.id) ?? [],
      cancel_reason: visit.cancelReason,
      cancelled_by: visit.cancelledBy,
      confirmed_at: visit.confirmedAt?.toISOString() ?? null,
      sequence: visit.sequence,
      request:
        request && request.id !== null
          ? {
              id: request.id,
              kind: request.kind as VisitRequestKind,
              message: request.message,
              created_at: request.createdAt.toISOString(),
            }
          : null,
    };
  });
}

export async function findVisit(db: Executor, id: number): Promise<Visit | null> {
  const [visit] = await findVisits(db, eq(visits.id, id));
  return visit ?? null;
}

/** Open visits of these staff members that overlap [start, end), other than `except`. */
export async function overlappingVisits(
  db: Executor,
  staffIds: number[],
  start: Date,
  end: Date,
  except: number[] = [],
): Promise<Visit[]> {
  return findVisits(
    db,
    and(
      sql`${visits.state} IN ('planned','confirmed','moved')`,
      sql`${visits.startsAt} < ${end.toISOString()}::timestamptz AND ${visits.endsAt} > ${start.toISOString()}::timestamptz`,
      sql`EXISTS (SELECT 1 FROM ${visitStaff} WHERE ${visitStaff.visitId} = ${visits.id} AND ${visitStaff.adminId} = ANY(${`{${staffIds.join(',')}}`}::int[]))`,
      except.length ? sql`NOT (${visits.id} = ANY(${`{${except.join(',')}}`}::int[]))` : undefined,
    ),
    20,
  );
}

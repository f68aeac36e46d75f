import { formatDayWithWeekday } from '@butler/contract/format';
import { ROLE_PERMISSIONS, type StaffRole } from '@butler/contract/permissions';
import {
  type CustomerVisits,
  OPEN_VISIT_STATES,
  VISIT_CONFLICT_DETAIL,
  type Visit,
  type VisitCreated,
  type VisitDone,
  visitHours,
  type zVisitCancel,
  type zVisitCreate,
  type zVisitListQuery,
  type zVisitUpdate,
} from '@butler/contract/visits';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { admins, customers, orders, visitSeries, visitStaff, visits } from '../../db/schema/index.js';
import { addDays, addMonths, monthKeyOf } from '../../domain/calendar.js';
import { viennaDayStart, viennaInstant, viennaParts } from '../../domain/vienna-time.js';
import { seriesDates, seriesRule } from '../../domain/visit-recurrence.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { recordTripCharge } from './trip-charges.js';
import { checkTripAllotment, tripMonths } from './trips.js';
import { mailVisits } from './visit-mails.js';
import { findVisit, findVisits, overlappingVisits } from './visit-queries.js';
import { requestUntil, resolveOpenRequest } from './visit-requests.service.js';
import { loadVisitSettings } from './visit-settings.service.js';

type VisitRow = typeof visits.$inferSelect;
type CreateInput = z.output<typeof zVisitCreate>;
type UpdateInput = z.output<typeof zVisitUpdate>;
type CancelInput = z.output<typeof zVisitCancel>;
type ListQuery = z.output<typeof zVisitListQuery>;

const OPEN = sql.raw(`('${OPEN_VISIT_STATES.join("','")}')`);
const isOpen = (state: string) => (OPEN_VISIT_STATES as readonly string[]).includes(state);
/** Staff whose role plans and does visits (not the Buchhaltung). */
const PLANNABLE_ROLES = (Object.keys(ROLE_PERMISSIONS) as StaffRole[]).filter((role) =>
  ROLE_PERMISSIONS[role].includes('visits.write'),
);

/** "Max Muster: Di., 08.12.2026 09:00–11:00 bei Anna Gruber" — one line per clash. */
function clashLine(visit: Visit, staffIds: number[]) {
  const who = visit.butlers
    .filter((b) => staffIds.includes(b.id))
    .map((b) => b.name)
    .join(', ');
  return `${who}: ${formatDayWithWeekday(visit.date)} ${visit.start_time}–${visit.end_time} bei ${visit.customer_name}`;
}

function conflictError(lines: string[]) {
  const shown = lines.slice(0, 5);
  const more = lines.length > shown.length ? `\nund ${lines.length - shown.length} weitere` : '';
  return new AppError(
    'VISIT_CONFLICT',
    `Zu dieser Zeit hat schon jemand einen anderen Termin: ${shown[0]}${lines.length > 1 ? ' (und weitere)' : ''}`,
    { [VISIT_CONFLICT_DETAIL]: shown.join('\n') + more },
  );
}

async function lockVisit(tx: Transaction, id: number): Promise<VisitRow> {
  const [row] = await tx.select().from(visits).where(eq(visits.id, id)).for('update');
  if (!row) throw new AppError('VISIT_NOT_FOUND');
  return row;
}

function requireOpen(row: VisitRow) {
  if (!isOpen(row.state)) throw new AppError('VISIT_CLOSED');
}

/** Visits that have not ended yet: only these get a mail about a change. */
const stillAhead = (rows: Array<{ id: number; endsAt: Date }>) =>
  rows.filter((r) => r.endsAt.getTime() > now().getTime()).map((r) => r.id);

export function createVisitsService(db: Database, publicUrl: string) {
  /** The chosen people exist, are active and may be planned; else a German field error. */
  async function checkPeople(executor: Transaction, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await executor
      .select({ id: admins.id })
      .from(admins)
      .where(and(inArray(admins.id, unique), eq(admins.isActive, true), inArray(admins.role, PLANNABLE_ROLES)));
    if (rows.length !== unique.length)
      throw fieldError('butler_ids', 'Diese Person kann nicht für Termine eingeplant werden');
    return unique;
  }

  async function checkOrder(executor: Transaction, customerId: number, orderId: number | null | undefined) {
    if (orderId === undefined || orderId === null) return null;
    const [row] = await executor
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    if (!row) throw fieldError('order_id', 'Dieser Auftrag gehört nicht zu diesem Kunden');
    return orderId;
  }

  async function checkClashes(
    executor: Transaction,
    staffIds: number[],
    slots: Array<{ start: Date; end: Date }>,
    except: number[] = [],
  ) {
    const lines: string[] = [];
    for (const slot of slots) {
      for (const clash of await overlappingVisits(executor, staffIds, slot.start, slot.end, except)) {
        lines.push(clashLine(clash, staffIds));
      }
      if (lines.length > 5) break;
    }
    if (lines.length > 0) throw conflictError(lines);
  }

  async function setStaff(tx: Transaction, visitIds: number[], staffIds: number[]) {
    await tx.delete(visitStaff).where(inArray(visitStaff.visitId, visitIds));
    await tx
      .insert(visitStaff)
      .values(visitIds.flatMap((visitId) => staffIds.map((adminId) => ({ visitId, adminId }))));
  }

  async function readVisit(id: number) {
    const visit = await findVisit(db, id);
    if (!visit) throw new AppError('VISIT_NOT_FOUND');
    return visit;
  }

  return {
    /** Active staff who can be planned for a visit, by name. */
    async people() {
      const name = sql<string>`COALESCE(NULLIF(${admins.name}, ''), ${admins.username})`;
      return db
        .select({ id: admins.id, name })
        .from(admins)
        .where(and(eq(admins.isActive, true), inArray(admins.role, PLANNABLE_ROLES)))
        .orderBy(name, admins.id);
    },

    /** The calendar's days: visits starting from `from` 00:00 to the end of `to` in Vienna. */
    async list(query: ListQuery, scope: CustomerScope): Promise<Visit[]> {
      return findVisits(
        db,
        and(
          gte(visits.startsAt, viennaDayStart(query.from)),
          sql`${visits.startsAt} < ${viennaDayStart(addDays(query.to, 1)).toISOString()}::timestamptz`,
          scopeWhere(scope, visits.customerId),
          query.customer_id ? eq(visits.customerId, query.customer_id) : undefined,
          query.butler_id
            ? sql`EXISTS (SELECT 1 FROM ${visitStaff} WHERE ${visitStaff.visitId} = ${visits.id} AND ${visitStaff.adminId} = ${query.butler_id})`
            : undefined,
        ),
      );
    },

    detail: readVisit,

    /** One visit, or a series written out day by day (one transaction; a clash refuses all unless allowed). */
    async create(session: SessionContext, input: CreateInput): Promise<VisitCreated> {
      const ids = await db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, input.customer_id));
        if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
        const staffIds = await checkPeople(tx, input.butler_ids);
        const orderId = await checkOrder(tx, input.customer_id, input.order_id);
        const days =
          input.repeat === 'none' ? [input.date] : seriesDates(input.date, input.repeat, input.repeat_until!);
        const slots = days.map((day) => ({
          start: viennaInstant(day, input.start_time),
          end: viennaInstant(day, input.end_time),
        }));
        if (!input.allow_conflicts) await checkClashes(tx, staffIds, slots);
        const warnings =
          input.kind === 'trip'
            ? await checkTripAllotment(
                tx,
                input.customer_id,
                slots.map((s) => s.start),
              )
            : [];
        const [series] =
          input.repeat === 'none'
            ? [null]
            : await tx
                .insert(visitSeries)
                .values({
                  customerId: input.customer_id,
                  rule: seriesRule(input.date, input.repeat, input.repeat_until!).toString(),
                  createdByAdminId: session.adminId,
                })
                .returning();
        const rows = await tx
          .insert(visits)
          .values(
            slots.map((slot) => ({
              customerId: input.customer_id,
              seriesId: series?.id ?? null,
              startsAt: slot.start,
              endsAt: slot.end,
              kind: input.kind,
              place: input.place,
              purpose: input.purpose,
              orderId,
              createdByAdminId: session.adminId,
            })),
          )
          .returning({ id: visits.id, endsAt: visits.endsAt });
        const visitIds = rows.map((r) => r.id);
        await setStaff(tx, visitIds, staffIds);
        await mailVisits(tx, {
          kind: 'planned',
          visitIds: stillAhead(rows),
          publicUrl,
          createdBy: session.displayName,
        });
        await writeAudit(
          tx,
          session,
          'create',
          'visit',
          visitIds[0],
          null,
          {
            date: input.date,
            time: `${input.start_time}–${input.end_time}`,
            kind: input.kind,
            purpose: input.purpose,
            staff: staffIds,
            ...(series ? { series: series.rule, count: visitIds.length } : {}),
          },
          { customerId: input.customer_id },
        );
        return { visitIds, warnings };
      });
      return { count: ids.visitIds.length, visit: await readVisit(ids.visitIds[0]), warnings: ids.warnings };
    },

    /** Changes this visit only; a new time makes it "verschoben" and asks the customer to confirm again. */
    async update(session: SessionContext, id: number, input: UpdateInput): Promise<Visit> {
      await db.transaction(async (tx) => {
        const row = await lockVisit(tx, id);
        requireOpen(row);
        const staffIds = await checkPeople(tx, input.butler_ids);
        const orderId =
          input.order_id === undefined ? row.orderId : await checkOrder(tx, row.customerId, input.order_id);
        const start = viennaInstant(input.date, input.start_time);
        const end = viennaInstant(input.date, input.end_time);
        if (!input.allow_conflicts) await checkClashes(tx, staffIds, [{ start, end }], [id]);
        const moved = start.getTime() !== row.startsAt.getTime() || end.getTime() !== row.endsAt.getTime();
        // A trip that is new to its month counts against that month's Fahrten (refused by the
        // setting); one that stays a trip in its month changes nothing there and is never refused.
        const newToMonth = row.kind !== 'trip' || monthKeyOf(viennaParts(row.startsAt).date) !== monthKeyOf(input.date);
        if (input.kind === 'trip' && newToMonth) await checkTripAllotment(tx, row.customerId, [start], [id]);
        const [after] = await tx
          .update(visits)
          .set({
            startsAt: start,
            endsAt: end,
            kind: input.kind,
            place: input.place,
            purpose: input.purpose,
            orderId,
            ...(moved ? { state: 'moved', confirmedAt: null } : {}),
            sequence: row.sequence + 1,
            updatedAt: now(),
          })
          .where(eq(visits.id, id))
          .returning();
        await setStaff(tx, [id], staffIds);
        await writeAudit(tx, session, moved ? 'visit_move' : 'update', 'visit', id, row, after, {
          customerId: row.customerId,
        });
        if (moved) await resolveOpenRequest(tx, id, session.displayName, null);
        const noticed = moved || input.place !== row.place || input.kind !== row.kind;
        if (noticed)
          await mailVisits(tx, {
            kind: 'changed',
            visitIds: stillAhead([after]),
            publicUrl,
            createdBy: session.displayName,
          });
      });
      return readVisit(id);
    },

    /** Absagen with a reason; `following`: this and every later open visit of its series. */
    async cancel(session: SessionContext, id: number, input: CancelInput): Promise<Visit> {
      await db.transaction(async (tx) => {
        const row = await lockVisit(tx, id);
        requireOpen(row);
        const targets =
          input.following && row.seriesId !== null
            ? await tx
                .select()
                .from(visits)
                .where(
                  and(
                    eq(visits.seriesId, row.seriesId),
                    gte(visits.startsAt, row.startsAt),
                    sql`${visits.state} IN ${OPEN}`,
                  ),
                )
                .orderBy(asc(visits.startsAt))
                .for('update')
            : [row];
        const at = now();
        await tx
          .update(visits)
          .set({
            state: 'cancelled',
            cancelReason: input.reason,
            cancelledBy: session.displayName,
            cancelledAt: at,
            sequence: sql`${visits.sequence} + 1`,
            updatedAt: at,
          })
          .where(
            inArray(
              visits.id,
              targets.map((t) => t.id),
            ),
          );
        for (const target of targets) await resolveOpenRequest(tx, target.id, session.displayName, null);
        await mailVisits(tx, {
          kind: 'cancelled',
          visitIds: stillAhead(targets),
          publicUrl,
          reason: input.reason,
          createdBy: session.displayName,
        });
        await writeAudit(
          tx,
          session,
          'visit_cancel',
          'visit',
          id,
          { state: row.state },
          { state: 'cancelled', reason: input.reason, ...(targets.length > 1 ? { count: targets.length } : {}) },
          { customerId: row.customerId },
        );
      });
      return readVisit(id);
    },

    /** Erledigt: from the visit's day on; answers what "Neuer Zeiteintrag" opens with. */
    async done(session: SessionContext, id: number): Promise<VisitDone> {
      await db.transaction(async (tx) => {
        const row = await lockVisit(tx, id);
        requireOpen(row);
        const visit = (await findVisit(tx, id))!;
        if (visit.date > todayVienna())
          throw new AppError('VISIT_CLOSED', 'Ein Termin in der Zukunft kann noch nicht erledigt werden');
        const at = now();
        await tx.update(visits).set({ state: 'done', doneAt: at, updatedAt: at }).where(eq(visits.id, id));
        // A trip beyond the month's Fahrten under "verrechnen": once, for the next ButlerPaket invoice.
        await recordTripCharge(tx, row);
        await writeAudit(
          tx,
          session,
          'visit_done',
          'visit',
          id,
          { state: row.state },
          { state: 'done' },
          {
            customerId: row.customerId,
          },
        );
      });
      const visit = await readVisit(id);
      return {
        visit,
        time_entry: {
          customer_id: visit.customer_id,
          order_id: visit.order?.id ?? null,
          work_date: visit.date,
          hours: visitHours(visit.start_time, visit.end_time),
          from: visit.start_time,
          to: visit.end_time,
          activity_description: visit.purpose,
        },
      };
    },

    /** The customer confirms a planned or moved visit in the lounge. */
    async confirm(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const row = await lockVisit(tx, id);
        if (row.customerId !== session.customerId) throw new AppError('VISIT_NOT_FOUND');
        if (row.state !== 'planned' && row.state !== 'moved') {
          if (row.state === 'confirmed') return;
          throw new AppError('VISIT_CLOSED');
        }
        const at = now();
        await tx.update(visits).set({ state: 'confirmed', confirmedAt: at, updatedAt: at }).where(eq(visits.id, id));
        await writeAudit(
          tx,
          session,
          'visit_confirm',
          'visit',
          id,
          { state: row.state },
          { state: 'confirmed' },
          {
            customerId: row.customerId,
          },
        );
      });
      const { request_hours } = await loadVisitSettings(db);
      return loungeVisit(await readVisit(id), request_hours);
    },

    /** The lounge's next visits (open, not yet over) and this month's Fahrten. */
    async forCustomer(customerId: number): Promise<CustomerVisits> {
      const upcoming = await findVisits(
        db,
        and(
          eq(visits.customerId, customerId),
          sql`${visits.state} IN ${OPEN}`,
          sql`${visits.endsAt} > ${now().toISOString()}::timestamptz`,
        ),
        5,
      );
      const [trips] = await tripMonths(db, customerId, [monthKeyOf(todayVienna())]);
      const { request_hours } = await loadVisitSettings(db);
      return { upcoming: upcoming.map((v) => loungeVisit(v, request_hours)), trips };
    },

    /** Fahrten per month, this month and the eleven before it. */
    async trips(customerId: number) {
      const today = todayVienna();
      const months = Array.from({ length: 12 }, (_, i) => monthKeyOf(addMonths(today, i - 11)));
      return tripMonths(db, customerId, months);
    },
  };
}

/** What the customer reads of a visit: who comes by first name, never internal fields. */
export function loungeVisit(visit: Visit, requestHours: number) {
  return {
    id: visit.id,
    date: visit.date,
    start_time: visit.start_time,
    end_time: visit.end_time,
    kind: visit.kind,
    state: visit.state,
    place: visit.place,
    purpose: visit.purpose,
    butlers: visit.butlers.map((b) => ({ id: b.id, name: b.name.trim().split(/\s+/)[0] || b.name })),
    confirmed_at: visit.confirmed_at,
    request: visit.request,
    request_until: requestUntil(visit.starts_at, requestHours),
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;

import { orderNumber } from '@butler/contract/orders';
import { quarterHours, type Timer, type zTimerStart } from '@butler/contract/timers';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { customers, orders, staffTimers } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now } from '../../lib/clock.js';
import { type CustomerScope, inScope } from '../../lib/customer-scope.js';
import { AppError } from '../../lib/errors.js';
import { customerFullName } from '../customers/customers.repo.js';
import { requireOpenOrderOf } from '../orders/order-booking.js';
import { requireProjectOf } from '../projects/customer-project.js';

type StartInput = z.output<typeof zTimerStart>;

const VIENNA = sql.raw(`'Europe/Vienna'`);
/** The first midnight (Vienna) after the timer's start: where a forgotten timer stops (decision 0640). */
const midnightAfterStart = sql`((((${staffTimers.startedAt} AT TIME ZONE ${VIENNA})::date + 1)::timestamp) AT TIME ZONE ${VIENNA})`;

function staffId(session: SessionContext) {
  if (!session.adminId) throw new AppError('FORBIDDEN');
  return session.adminId;
}

/** The timer with what the screens show, at `at` (the server's clock). */
async function loadTimer(db: Executor, adminId: number, at: Date): Promise<Timer | null> {
  const atIso = at.toISOString();
  const [row] = await db
    .select({
      customerId: staffTimers.customerId,
      customerName: customerFullName(),
      projectId: staffTimers.projectId,
      orderId: staffTimers.orderId,
      orderTitle: orders.title,
      startedAt: sql<string>`to_char(${staffTimers.startedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      stoppedAt: sql<string | null>`to_char(${staffTimers.stoppedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      stoppedAtMidnight: staffTimers.stoppedAtMidnight,
      workDate: sql<string>`to_char(${staffTimers.startedAt} AT TIME ZONE ${VIENNA}, 'YYYY-MM-DD')`,
      from: sql<string>`to_char(${staffTimers.startedAt} AT TIME ZONE ${VIENNA}, 'HH24:MI')`,
      to: sql<string | null>`CASE WHEN ${staffTimers.stoppedAtMidnight} THEN '24:00'
        ELSE to_char(${staffTimers.stoppedAt} AT TIME ZONE ${VIENNA}, 'HH24:MI') END`,
      minutes: sql<string>`extract(epoch FROM coalesce(${staffTimers.stoppedAt}, ${atIso}::timestamptz) - ${staffTimers.startedAt}) / 60`,
    })
    .from(staffTimers)
    .innerJoin(customers, eq(customers.id, staffTimers.customerId))
    .leftJoin(orders, eq(orders.id, staffTimers.orderId))
    .where(eq(staffTimers.adminId, adminId));
  if (!row) return null;
  return {
    customer_id: row.customerId,
    customer_name: row.customerName,
    project_id: row.projectId,
    order:
      row.orderId !== null && row.orderTitle !== null
        ? { id: row.orderId, number: orderNumber(row.orderId), title: row.orderTitle }
        : null,
    started_at: row.startedAt,
    stopped_at: row.stoppedAt,
    stopped_at_midnight: row.stoppedAtMidnight,
    work_date: row.workDate,
    from: row.from,
    to: row.to,
    hours: quarterHours(Number(row.minutes)),
  };
}

/**
 * A running timer whose day is over stops at that midnight, at the first read after it
 * (no job needed: the answer is the same whenever it is read, decision 0640).
 */
async function stopAtMidnight(db: Executor, adminId: number, at: Date) {
  await db
    .update(staffTimers)
    .set({ stoppedAt: midnightAfterStart, stoppedAtMidnight: true })
    .where(
      and(
        eq(staffTimers.adminId, adminId),
        isNull(staffTimers.stoppedAt),
        sql`${midnightAfterStart} <= ${at.toISOString()}::timestamptz`,
      ),
    );
}

/** Removes the staff member's timer (booked or discarded) inside the caller's transaction. */
export async function removeTimer(tx: Transaction, session: SessionContext, action: 'timer_book' | 'timer_discard') {
  const [gone] = await tx
    .delete(staffTimers)
    .where(eq(staffTimers.adminId, staffId(session)))
    .returning();
  if (gone) await writeAudit(tx, session, action, 'timer', gone.adminId, gone, null, { customerId: gone.customerId });
  return gone ?? null;
}

export function createTimersService(db: Database) {
  return {
    /** The staff member's timer; one of a customer the Butler no longer looks after is not shown. */
    async mine(session: SessionContext, scope: CustomerScope) {
      const adminId = staffId(session);
      const at = now();
      await stopAtMidnight(db, adminId, at);
      const timer = await loadTimer(db, adminId, at);
      return { timer: timer && inScope(scope, timer.customer_id) ? timer : null };
    },

    /** One timer per staff member (the table's key): a second start is a 409 naming the running one. */
    async start(session: SessionContext, input: StartInput) {
      const adminId = staffId(session);
      const at = now();
      await db.transaction(async (tx) => {
        const projectId = input.project_id ?? null;
        if (projectId !== null) await requireProjectOf(tx, input.customer_id, projectId);
        const orderId = input.order_id ?? null;
        if (orderId !== null) await requireOpenOrderOf(tx, input.customer_id, orderId);
        await stopAtMidnight(tx, adminId, at);
        const [row] = await tx
          .insert(staffTimers)
          .values({ adminId, customerId: input.customer_id, projectId, orderId, startedAt: at })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const running = await loadTimer(tx, adminId, at);
          throw new AppError(
            'CONFLICT',
            running?.stopped_at
              ? `Die gestoppte Zeit für ${running.customer_name} ist noch nicht gebucht: bitte zuerst buchen oder verwerfen`
              : `Es läuft bereits ein Timer für ${running?.customer_name ?? 'einen Kunden'} (seit ${running?.from ?? '?'} Uhr)`,
          );
        }
        await writeAudit(tx, session, 'timer_start', 'timer', adminId, null, row, { customerId: row.customerId });
      });
      return { timer: await loadTimer(db, adminId, at) };
    },

    /** "Stopp": the time ends now (or at the midnight it ran past); booking follows in the dialog. */
    async stop(session: SessionContext, scope: CustomerScope) {
      const adminId = staffId(session);
      const at = now();
      await db.transaction(async (tx) => {
        await stopAtMidnight(tx, adminId, at);
        const [row] = await tx
          .update(staffTimers)
          .set({ stoppedAt: at })
          .where(and(eq(staffTimers.adminId, adminId), isNull(staffTimers.stoppedAt)))
          .returning();
        if (row)
          await writeAudit(tx, session, 'timer_stop', 'timer', adminId, null, row, { customerId: row.customerId });
      });
      const timer = await loadTimer(db, adminId, at);
      if (!timer || !inScope(scope, timer.customer_id)) throw new AppError('NOT_FOUND', 'Es läuft kein Timer');
      return { timer };
    },

    /** "Verwerfen": the timer goes without a booking. */
    async discard(session: SessionContext) {
      await db.transaction((tx) => removeTimer(tx, session, 'timer_discard'));
    },
  };
}

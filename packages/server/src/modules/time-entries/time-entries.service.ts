import type { zTimeEntryCreate, zTimeEntryUpdate } from '@butler/contract/time-entries';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { staffTimers, timeEntries } from '../../db/schema/index.js';
import { hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import type { CustomerScope } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { enqueueBalanceCheck } from '../balance-alerts/balance-alerts.jobs.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { noteEntryCorrection } from '../month-confirmations/entry-corrections.js';
import { assertOrderBooking } from '../orders/order-booking.js';
import { notifyOrderEvent } from '../orders/order-events.js';
import { insertProject } from '../projects/projects.service.js';
import { removeTimer } from '../timers/timers.service.js';
import { assertMayBook } from './own-entries.js';
import { findTimeEntry, listTimeEntries } from './time-entries.repo.js';
import { assertNotInvoiced, checkEntryRules, resolveBillingType } from './time-entry-rules.js';

const NO_PROJECT_RIGHT = 'Sie dürfen keine Projekte anlegen: bitte ein bestehendes Projekt wählen';

type CreateInput = z.output<typeof zTimeEntryCreate>;
type UpdateInput = z.output<typeof zTimeEntryUpdate>;

async function loadForUpdate(tx: Transaction, id: number) {
  const [row] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for('update');
  if (!row) throw new AppError('TIME_ENTRY_NOT_FOUND');
  return row;
}

/** The Auftrag of the staff member's timer when the booking comes from it, else none. */
async function timerOrder(tx: Transaction, session: SessionContext, fromTimer: boolean | undefined) {
  if (!fromTimer || !session.adminId) return null;
  const [timer] = await tx
    .select({ orderId: staffTimers.orderId })
    .from(staffTimers)
    .where(eq(staffTimers.adminId, session.adminId));
  return timer?.orderId ?? null;
}

/**
 * The entry this staff member booked before with this key, or null. A key of another
 * customer's entry is a conflict, never that entry (decision 0860).
 */
async function findByClientKey(
  executor: Database | Transaction,
  session: SessionContext,
  customerId: number,
  clientKey: string | undefined,
) {
  if (clientKey === undefined || !session.adminId) return null;
  const [row] = await executor
    .select({ id: timeEntries.id, customerId: timeEntries.customerId })
    .from(timeEntries)
    .where(and(eq(timeEntries.createdByAdminId, session.adminId), eq(timeEntries.clientKey, clientKey)));
  if (!row) return null;
  if (row.customerId !== customerId) {
    throw new AppError('CONFLICT', 'Dieser Eintrag wurde schon für einen anderen Kunden gebucht');
  }
  return row.id;
}

/** `publicUrl`: the links of the mail a corrected Rückfrage sends (decision 0852). */
export function createTimeEntriesService(db: Database, publicUrl = '') {
  async function present(id: number) {
    const entry = await findTimeEntry(db, id);
    if (!entry) throw new AppError('TIME_ENTRY_NOT_FOUND');
    return entry;
  }

  return {
    /** One page of the list (newest first) and the total count. */
    list: (query: Parameters<typeof listTimeEntries>[1], scope: CustomerScope) => listTimeEntries(db, query, scope),

    /**
     * created_by is the admin's username from the session, never the client's value. With a
     * `client_key` the same staff member's repeated request answers the first entry
     * (`replayed`, decision 0860), also when the rules would refuse a new one by now.
     */
    async create(
      session: SessionContext,
      customerId: number,
      input: CreateInput,
    ): Promise<{ entry: Awaited<ReturnType<typeof present>>; replayed: boolean }> {
      if (input.customer_id !== undefined && input.customer_id !== customerId) {
        throw fieldError('customer_id', 'Der Kunde im Formular passt nicht zur Adresse');
      }
      const replay = await findByClientKey(db, session, customerId, input.client_key);
      if (replay !== null) return { entry: await present(replay), replayed: true };
      const billingType = resolveBillingType(input, 'abos');
      await assertMayBook(db, session, null, input.work_date);
      if (input.new_project_name !== undefined) assertCan(session, 'projects.write', NO_PROJECT_RIGHT);
      const id = await db.transaction(async (tx) => {
        // Locked like a sale, so a ButlerPaket cannot be changed away under this check.
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        // The same key sent twice at once: the second waited for the customer's lock.
        const raced = await findByClientKey(tx, session, customerId, input.client_key);
        if (raced !== null) return { id: raced, replayed: true };
        // "Neues Projekt" in the dialog (decision 0642): the project exists only if the entry does.
        const projectId =
          input.project_id ?? (await insertProject(tx, session, customerId, { name: input.new_project_name ?? '' }));
        await checkEntryRules(tx, { customerId, projectId, billingType, workDate: input.work_date });
        // The Auftrag: the one named, else the one the timer was started for (decision 0810).
        const orderId = input.order_id !== undefined ? input.order_id : await timerOrder(tx, session, input.from_timer);
        if (orderId !== null) await assertOrderBooking(tx, { customerId, orderId, hours: input.hours });
        const [row] = await tx
          .insert(timeEntries)
          .values({
            customerId,
            projectId,
            hours: hundredthsToString(toHundredths(input.hours)),
            activityDescription: input.activity_description,
            workDate: input.work_date,
            billingType,
            isBillable: input.is_billable ?? true,
            createdBy: session.displayName,
            createdByAdminId: session.adminId,
            orderId,
            clientKey: session.adminId ? (input.client_key ?? null) : null,
          })
          .returning();
        await writeAudit(tx, session, 'create', 'time_entry', row.id, null, row);
        // The Auftrag's booked hours changed: the inbox and detail learn it live.
        if (orderId !== null)
          await notifyOrderEvent(tx, { kind: 'order.changed', order_id: orderId, customer_id: customerId });
        // Booked from the timer: the timer is done (decision 0640), in the same transaction.
        if (input.from_timer && session.adminId) await removeTimer(tx, session, 'timer_book');
        // A booking may cross a low-balance threshold: checked after commit (balance-alerts).
        await enqueueBalanceCheck(tx, customerId, todayVienna());
        return { id: row.id, replayed: false };
      });
      return { entry: await present(id.id), replayed: id.replayed };
    },

    async update(session: SessionContext, id: number, input: UpdateInput) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        await assertMayBook(tx, session, before, input.work_date);
        await assertNotInvoiced(tx, before.invoiceId);
        await lockCustomer(tx, before.customerId);
        const billingType = resolveBillingType(input, before.billingType as 'abos' | 'stundenpakete');
        const projectId = input.project_id ?? before.projectId;
        await checkEntryRules(tx, { customerId: before.customerId, projectId, billingType, workDate: input.work_date });
        const orderId = input.order_id !== undefined ? input.order_id : before.orderId;
        if (orderId !== null && (orderId !== before.orderId || input.hours > Number(before.hours))) {
          await assertOrderBooking(tx, {
            customerId: before.customerId,
            orderId,
            hours: input.hours,
            freedHours: Math.max(Number(before.hours), 0),
          });
        }
        const [after] = await tx
          .update(timeEntries)
          .set({
            projectId,
            hours: hundredthsToString(toHundredths(input.hours)),
            activityDescription: input.activity_description,
            workDate: input.work_date,
            billingType,
            isBillable: input.is_billable ?? before.isBillable,
            orderId,
            updatedAt: sql`now()`,
          })
          .where(eq(timeEntries.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'time_entry', id, before, after);
        // An entry with an open Rückfrage: this change is its correction (decision 0852).
        await noteEntryCorrection(tx, session, before, after, publicUrl);
        for (const touched of new Set([before.orderId, after.orderId])) {
          if (touched !== null) {
            await notifyOrderEvent(tx, { kind: 'order.changed', order_id: touched, customer_id: before.customerId });
          }
        }
        await enqueueBalanceCheck(tx, before.customerId, todayVienna());
      });
      return present(id);
    },

    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        await assertMayBook(tx, session, before, undefined);
        await assertNotInvoiced(tx, before.invoiceId);
        await noteEntryCorrection(tx, session, before, null, publicUrl);
        await tx.delete(timeEntries).where(eq(timeEntries.id, id));
        await writeAudit(tx, session, 'delete', 'time_entry', id, before, null);
        if (before.orderId !== null) {
          await notifyOrderEvent(tx, {
            kind: 'order.changed',
            order_id: before.orderId,
            customer_id: before.customerId,
          });
        }
      });
    },
  };
}

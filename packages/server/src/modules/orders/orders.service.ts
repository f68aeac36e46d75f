import { formatHours } from '@butler/contract/format';
import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import {
  type ApprovalState,
  customerOrderStateLabel,
  isOpenOrderState,
  ORDER_LIMITS,
  ORDER_STATE_LABELS,
  type OrderCreate,
  type OrderDetail,
  type OrderListQuery,
  type OrderState,
  type OrderUpdate,
  orderNumber,
  type zOrderAccept,
  type zOrderApproval,
  type zOrderClose,
  type zOrderMessageCreate,
  type zOrderOverride,
} from '@butler/contract/orders';
import { ROLE_PERMISSIONS, type StaffRole } from '@butler/contract/permissions';
import type { CustomerVoice } from '@butler/contract/voice';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import {
  admins,
  auditLog,
  customerStaff,
  customers,
  orderAttachments,
  orderMessages,
  orders,
  timeEntries,
} from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import {
  approvalAfterEstimate,
  approvalShortfall,
  staffTransitionError,
  stateAfterCustomerReply,
} from '../../domain/order-rules.js';
import { can, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { type CustomerScope, customerScope, inScope } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { usableHoursOf } from '../hour-accounting/usable-hours.repo.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import type { OrderUpdateData } from '../mail/templates/order-update.js';
import { notifyOrderEvent } from './order-events.js';
import { findSummary, listOrders, orderCounts, pendingApproval, staffName } from './order-queries.js';

type OrderRow = typeof orders.$inferSelect;
type MessageInput = z.output<typeof zOrderMessageCreate>;
type ApprovalInput = z.output<typeof zOrderApproval>;

const isCustomer = (session: SessionContext) => session.userType === 'customer';
/** Internal notes: staff who may read a customer's private notes (not Buchhaltung, decision 0810). */
const seesInternal = (session: SessionContext) => !isCustomer(session) && can(session, 'customers.private.read');
const hoursText = (value: number) => formatHours(value);
const staffMayWrite = (role: string) => ROLE_PERMISSIONS[role as StaffRole]?.includes('orders.write') ?? false;

/** The first word of a staff member's name, as the customer reads the author (decision 0810). */
export function customerFacingStaffName(name: string | null, voice: CustomerVoice) {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  return first || LETTER_TEXTS[voice].orderStaffAuthor;
}

async function lockOrder(tx: Transaction, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** A customer's own only; a Butler's of their customers only (the access hook checked it; this is the second wall). */
function assertReach(session: SessionContext, order: OrderRow) {
  if (!inScope(customerScope(session), order.customerId)) throw new AppError('ORDER_NOT_FOUND');
}

function assertOpen(order: OrderRow, message: string) {
  if (!isOpenOrderState(order.state as OrderState)) throw new AppError('CONFLICT', message);
}

/** A system message in the customer's words; `stateChange` lets staff read a state change in theirs. */
/** Hours booked on the Auftrag so far. */
async function bookedOnOrder(tx: Executor, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ hours: sql<string>`coalesce(sum(${timeEntries.hours}), 0)` })
    .from(timeEntries)
    .where(eq(timeEntries.orderId, orderId));
  return num(row.hours);
}

async function addSystemMessage(tx: Transaction, orderId: number, body: string, stateChange?: OrderState) {
  await tx.insert(orderMessages).values({ orderId, authorKind: 'system', body, stateChange, internal: false });
}

export function createOrdersService(db: Database, publicUrl: string) {
  const loungeUrl = (id: number) => `${publicUrl}/customer/auftraege/${id}`;

  /**
   * A mail to the customer about their Auftrag, in the transaction of the change (never for
   * internal notes); none when they switched Aufträge mails off in Mein Konto (the lounge shows it).
   */
  async function mailCustomer(
    tx: Transaction,
    session: SessionContext,
    order: OrderRow,
    data: Omit<OrderUpdateData, 'to' | 'number' | 'title' | 'url'>,
  ) {
    const [customer] = await tx
      .select({ email: customers.email, wanted: customers.orderMails })
      .from(customers)
      .where(eq(customers.id, order.customerId));
    if (!customer?.email || !customer.wanted) return;
    const to = await customerAddressee(tx, order.customerId);
    if (!to) return;
    await queueMail(tx, {
      to: customer.email,
      template: 'order-update',
      data: { ...data, to, number: orderNumber(order.id), title: order.title, url: loungeUrl(order.id) },
      customerId: order.customerId,
      entity: { type: 'order', id: order.id },
      createdBy: session.displayName,
    });
  }

  async function changed(tx: Transaction, order: OrderRow, kind: 'order.created' | 'order.message' | 'order.changed') {
    await notifyOrderEvent(tx, { kind, order_id: order.id, customer_id: order.customerId });
  }

  /** The detail as the session may see it. */
  async function detail(session: SessionContext, id: number): Promise<OrderDetail> {
    const today = todayVienna();
    const internal = seesInternal(session);
    const found = await findSummary(db, id, internal, today);
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    const order = found.row.order;
    assertReach(session, order as OrderRow);
    const customer = isCustomer(session);
    const voice = await readCustomerVoice(db);
    const [messages, attachments, entries, usable, overrideBy] = await Promise.all([
      db
        .select({ message: orderMessages, staffName: staffName(), adminName: admins.name })
        .from(orderMessages)
        .leftJoin(admins, eq(admins.id, orderMessages.authorAdminId))
        .where(
          internal
            ? eq(orderMessages.orderId, id)
            : and(eq(orderMessages.orderId, id), eq(orderMessages.internal, false)),
        )
        .orderBy(asc(orderMessages.id)),
      db
        .select({ a: orderAttachments, internal: orderMessages.internal })
        .from(orderAttachments)
        .leftJoin(orderMessages, eq(orderMessages.id, orderAttachments.messageId))
        .where(eq(orderAttachments.orderId, id))
        .orderBy(asc(orderAttachments.id)),
      db
        .select()
        .from(timeEntries)
        .where(eq(timeEntries.orderId, id))
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.id)),
      usableHoursOf(db, order.customerId, today),
      order.overrideByAdminId === null
        ? Promise.resolve(null)
        : db
            .select({ name: staffName(), plain: admins.name })
            .from(admins)
            .where(eq(admins.id, order.overrideByAdminId))
            .then((r) => r[0] ?? null),
    ]);
    const authorName = (m: (typeof messages)[number]) => {
      if (m.message.authorKind === 'customer') return found.row.customerName;
      if (m.message.authorKind === 'system') return customer ? LETTER_TEXTS[voice].orderStaffAuthor : 'System';
      if (customer) return customerFacingStaffName(m.adminName, voice);
      return m.staffName ?? 'Mitarbeiter';
    };
    // The Freigabe's "Jetzt verfügbar" is the figure of now, as the lounge shows it, not the one
    // when it was asked for; the shortfall follows it. Hours already booked on the Auftrag are
    // part of the estimate and no longer part of the available: only the rest is still needed.
    const shownApproval = pendingApproval(order);
    const estimate = num(order.approvalEstimateHours ?? '0');
    const availableNow = Math.max(usable.total, 0);
    const booked = found.summary.booked_hours;
    const approval = shownApproval
      ? {
          state: shownApproval as ApprovalState,
          estimate_hours: estimate,
          booked_hours: booked,
          available_hours: availableNow,
          shortfall_hours: approvalShortfall(estimate, booked, availableNow),
          answered_at: order.approvalAnsweredAt?.toISOString() ?? null,
        }
      : null;
    return {
      ...(customer ? maskAssignee(found.summary, voice) : found.summary),
      details: order.details,
      location: order.location,
      closed_at: order.closedAt?.toISOString() ?? null,
      approval,
      override: order.overrideReason
        ? {
            reason: order.overrideReason,
            by: customer
              ? customerFacingStaffName(overrideBy?.plain ?? null, voice)
              : (overrideBy?.name ?? 'Mitarbeiter'),
          }
        : null,
      available_hours: usable.total,
      can_withdraw: customer && order.state === 'new',
      messages: messages.map((m) => ({
        id: m.message.id,
        author_kind: m.message.authorKind as 'customer' | 'staff' | 'system',
        author_name: authorName(m),
        body:
          !customer && m.message.stateChange
            ? `Status: ${ORDER_STATE_LABELS[m.message.stateChange as OrderState]}`
            : m.message.body,
        internal: m.message.internal,
        created_at: m.message.createdAt.toISOString(),
      })),
      attachments: attachments
        .filter((a) => internal || !a.internal)
        .map(({ a }) => ({
          id: a.id,
          file_name: a.fileName,
          content_type: a.contentType,
          size_bytes: a.sizeBytes,
          message_id: a.messageId,
          created_at: a.createdAt.toISOString(),
        })),
      entries: entries.map((e) => ({
        id: e.id,
        work_date: e.workDate,
        hours: num(e.hours),
        activity_description: e.activityDescription,
        created_by: e.createdBy,
        billing_type: e.billingType as 'abos' | 'stundenpakete',
      })),
    };
  }

  /** Staff change the state: a system message in the customer's words, a mail, the audit row. */
  async function stateChanged(tx: Transaction, session: SessionContext, order: OrderRow, voice: CustomerVoice) {
    const state = order.state as OrderState;
    await addSystemMessage(tx, order.id, `Status: ${customerOrderStateLabel(state, voice)}`, state);
    await mailCustomer(tx, session, order, { kind: 'state', state });
  }

  /** The one who accepted an Auftrag first (for the 409 of the second). */
  async function acceptedBy(tx: Transaction, order: OrderRow) {
    const [audit] = await tx
      .select({ name: auditLog.actorName })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order_accept')),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (audit) return audit.name;
    if (order.assigneeAdminId === null) return 'jemand anderem';
    const [who] = await tx.select({ name: staffName() }).from(admins).where(eq(admins.id, order.assigneeAdminId));
    return who?.name ?? 'jemand anderem';
  }

  /** The state before the last "Wartet auf Kunde", from the Protokoll. */
  async function stateBeforeWaiting(tx: Transaction, orderId: number): Promise<string | null> {
    const [row] = await tx
      .select({ before: sql<string | null>`${auditLog.changes} -> 'state' ->> 'before'` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, String(orderId)),
          sql`${auditLog.changes} -> 'state' ->> 'after' = 'waiting_customer'`,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.before ?? null;
  }

  async function requireAssignable(tx: Transaction, customerId: number, adminId: number) {
    const [staff] = await tx
      .select({ role: admins.role, isActive: admins.isActive })
      .from(admins)
      .where(eq(admins.id, adminId));
    if (!staff?.isActive || !staffMayWrite(staff.role)) {
      throw fieldError('assignee_admin_id', 'Bitte einen aktiven Mitarbeiter wählen, der Aufträge bearbeiten darf');
    }
    if (staff.role === 'butler') {
      const [looksAfter] = await tx
        .select({ id: customerStaff.adminId })
        .from(customerStaff)
        .where(and(eq(customerStaff.customerId, customerId), eq(customerStaff.adminId, adminId)));
      if (!looksAfter) {
        throw fieldError('assignee_admin_id', 'Ein Butler kann nur Aufträge von Kunden übernehmen, die er betreut');
      }
    }
  }

  return {
    detail,

    /** The lounge's list and the customer page's: newest first. */
    async listForCustomer(session: SessionContext, customerId: number, query: OrderListQuery) {
      const page = await listOrders(
        db,
        { ...query, customer_id: customerId },
        { all: false, ids: [customerId] },
        { withInternal: seesInternal(session), today: todayVienna(), newestFirst: true },
      );
      if (!isCustomer(session)) return page;
      const voice = await readCustomerVoice(db);
      return { ...page, rows: page.rows.map((row) => maskAssignee(row, voice)) };
    },

    /** The staff inbox over the caller's scope. */
    inbox(session: SessionContext, query: OrderListQuery, scope: CustomerScope) {
      return listOrders(db, query, scope, { withInternal: seesInternal(session), today: todayVienna() });
    },

    counts: (scope: CustomerScope) => orderCounts(db, scope, todayVienna()),

    /**
     * "Neuer Auftrag": from the lounge (channel lounge) or by staff for a customer who called.
     * The same idempotency key files one Auftrag; the lounge files at most
     * ORDER_LIMITS.perCustomerPerDay a Vienna day. Both hold under a burst: the customer row is
     * locked first.
     */
    async create(session: SessionContext, customerId: number, input: OrderCreate) {
      const staff = !isCustomer(session);
      const channel = staff ? (input.channel ?? 'phone') : 'lounge';
      if (!staff && input.channel && input.channel !== 'lounge') {
        throw fieldError('channel', 'Ungültiger Eingangsweg');
      }
      const result = await db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const key = input.idempotency_key ?? null;
        if (key) {
          const [existing] = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
          if (existing) return { id: existing.id, created: false };
        }
        if (!staff) {
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(orders)
            .where(
              and(
                eq(orders.customerId, customerId),
                eq(orders.channel, 'lounge'),
                sql`${orders.createdAt} >= (${todayVienna()}::date::timestamp AT TIME ZONE 'Europe/Vienna')`,
              ),
            );
          if (n >= ORDER_LIMITS.perCustomerPerDay) {
            const voice = await readCustomerVoice(tx);
            throw new AppError(
              'TOO_MANY_REQUESTS',
              LETTER_TEXTS[voice].orderDailyLimit(ORDER_LIMITS.perCustomerPerDay),
            );
          }
        }
        // The default assignee: the customer's Betreuer (the first still active), else nobody.
        const [betreuer] = await tx
          .select({ id: customerStaff.adminId })
          .from(customerStaff)
          .innerJoin(admins, eq(admins.id, customerStaff.adminId))
          .where(and(eq(customerStaff.customerId, customerId), eq(admins.isActive, true)))
          .orderBy(asc(customerStaff.createdAt), asc(customerStaff.adminId))
          .limit(1);
        const [row] = await tx
          .insert(orders)
          .values({
            customerId,
            title: input.title,
            details: input.details ?? '',
            dueDate: input.due_date ?? null,
            location: input.location?.trim() ? input.location.trim() : null,
            urgent: input.urgent ?? false,
            channel,
            assigneeAdminId: betreuer?.id ?? null,
            createdByAdminId: staff ? session.adminId : null,
            idempotencyKey: key,
          })
          .returning();
        await writeAudit(tx, session, 'create', 'order', row.id, null, row, { customerId });
        await changed(tx, row, 'order.created');
        return { id: row.id, created: true };
      });
      return { order: await detail(session, result.id), created: result.created };
    },

    /** PATCH (staff): any subset; the estimate decides the Freigabe, a new state is told to the customer. */
    async update(session: SessionContext, id: number, input: OrderUpdate) {
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        assertOpen(before, 'Dieser Auftrag ist abgeschlossen und kann nicht mehr geändert werden');
        const state = (input.state ?? before.state) as OrderState;
        const refused = staffTransitionError(before.state as OrderState, state);
        if (refused) throw new AppError('CONFLICT', refused);
        if (input.assignee_admin_id != null) await requireAssignable(tx, before.customerId, input.assignee_admin_id);
        const patch: Partial<typeof orders.$inferInsert> = { updatedAt: now() };
        if (input.title !== undefined) patch.title = input.title;
        if (input.details !== undefined) patch.details = input.details;
        if (input.due_date !== undefined) patch.dueDate = input.due_date;
        if (input.planned_date !== undefined) patch.plannedDate = input.planned_date;
        if (input.location !== undefined) patch.location = input.location?.trim() ? input.location.trim() : null;
        if (input.urgent !== undefined) patch.urgent = input.urgent;
        if (input.assignee_admin_id !== undefined) patch.assigneeAdminId = input.assignee_admin_id;
        if (input.state !== undefined) patch.state = state;
        // "Abgelehnt" closes the Auftrag like "Erledigt" and "Zurückgezogen".
        if (state !== before.state && !isOpenOrderState(state)) patch.closedAt = now();
        let approvalAsked: { estimate: number; available: number } | null = null;
        if (input.estimate_hours !== undefined) {
          patch.estimateHours = input.estimate_hours === null ? null : String(input.estimate_hours);
          const available = (await usableHoursOf(tx, before.customerId, todayVienna())).total;
          // What is booked on the Auftrag already came out of the available: the estimate
          // is measured against both.
          const booked = await bookedOnOrder(tx, id);
          const next = approvalAfterEstimate(input.estimate_hours, available + booked, {
            state: before.approvalState as ApprovalState | null,
            estimate: before.approvalEstimateHours === null ? null : num(before.approvalEstimateHours),
          });
          if (next === 'request' && input.estimate_hours !== null) {
            Object.assign(patch, {
              approvalState: 'requested',
              approvalEstimateHours: String(input.estimate_hours),
              approvalAvailableHours: String(Math.max(available, 0)),
              approvalAnsweredAt: null,
            });
            approvalAsked = { estimate: input.estimate_hours, available: Math.max(available, 0) };
          } else if (next === 'clear') {
            Object.assign(patch, {
              approvalState: null,
              approvalEstimateHours: null,
              approvalAvailableHours: null,
              approvalAnsweredAt: null,
            });
          }
        }
        const [after] = await tx.update(orders).set(patch).where(eq(orders.id, id)).returning();
        await writeAudit(tx, session, 'update', 'order', id, before, after);
        const voice = await readCustomerVoice(tx);
        if (after.state !== before.state) await stateChanged(tx, session, after, voice);
        if (approvalAsked) {
          const estimate = hoursText(approvalAsked.estimate);
          const available = hoursText(approvalAsked.available);
          await addSystemMessage(tx, id, LETTER_TEXTS[voice].orderApprovalMessage(estimate, available));
          await writeAudit(tx, session, 'order_approval_request', 'order', id, null, null, {
            customerId: after.customerId,
          });
          await mailCustomer(tx, session, after, { kind: 'approval', estimate, available });
        }
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },

    /** "Annehmen": only a new Auftrag, and only once (the conditional UPDATE decides a race). */
    async accept(session: SessionContext, id: number, input: z.output<typeof zOrderAccept>) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id));
        if (!current) throw new AppError('ORDER_NOT_FOUND');
        assertReach(session, current);
        const assigneeId = input.assignee_admin_id ?? current.assigneeAdminId ?? session.adminId;
        if (input.assignee_admin_id != null) await requireAssignable(tx, current.customerId, input.assignee_admin_id);
        const [after] = await tx
          .update(orders)
          .set({ state: 'accepted', assigneeAdminId: assigneeId, updatedAt: now() })
          .where(and(eq(orders.id, id), eq(orders.state, 'new')))
          .returning();
        if (!after) {
          const [latest] = await tx.select().from(orders).where(eq(orders.id, id));
          if (latest && latest.state !== 'new' && isOpenOrderState(latest.state as OrderState)) {
            throw new AppError('CONFLICT', `Bereits angenommen von ${await acceptedBy(tx, latest)}.`);
          }
          throw new AppError(
            'CONFLICT',
            `Dieser Auftrag ist ${ORDER_STATE_LABELS[(latest?.state ?? 'done') as OrderState].toLowerCase()} und kann nicht mehr angenommen werden.`,
          );
        }
        await writeAudit(tx, session, 'order_accept', 'order', id, current, after);
        await stateChanged(tx, session, after, await readCustomerVoice(tx));
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },

    /**
     * A message: the customer's (never internal; a reply to a waiting Auftrag brings it back to
     * work) or staff's (internal notes stay out of the lounge and every mail).
     */
    async addMessage(session: SessionContext, id: number, input: MessageInput) {
      const customer = isCustomer(session);
      if (customer && input.internal) throw fieldError('internal', 'Interne Notizen können nur Mitarbeiter schreiben');
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        const voice = await readCustomerVoice(tx);
        assertOpen(
          before,
          customer ? LETTER_TEXTS[voice].orderClosed : 'Dieser Auftrag ist abgeschlossen: bitte einen neuen anlegen',
        );
        const [message] = await tx
          .insert(orderMessages)
          .values({
            orderId: id,
            authorKind: customer ? 'customer' : 'staff',
            authorAdminId: customer ? null : session.adminId,
            body: input.body,
            internal: !customer && input.internal,
          })
          .returning();
        let after = before;
        if (customer && before.state === 'waiting_customer') {
          const state = stateAfterCustomerReply('waiting_customer', await stateBeforeWaiting(tx, id));
          [after] = await tx.update(orders).set({ state, updatedAt: now() }).where(eq(orders.id, id)).returning();
          await writeAudit(tx, session, 'update', 'order', id, before, after);
        } else {
          [after] = await tx.update(orders).set({ updatedAt: now() }).where(eq(orders.id, id)).returning();
        }
        await writeAudit(
          tx,
          session,
          'order_message',
          'order',
          id,
          null,
          { messageId: message.id, internal: message.internal },
          {
            customerId: before.customerId,
          },
        );
        if (!customer && !message.internal)
          await mailCustomer(tx, session, after, { kind: 'reply', body: message.body });
        await changed(tx, after, 'order.message');
      });
      return detail(session, id);
    },

    /** The customer takes back an Auftrag nobody has accepted yet. */
    async withdraw(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        if (before.state !== 'new') {
          throw new AppError('CONFLICT', LETTER_TEXTS[await readCustomerVoice(tx)].orderWithdrawOnlyNew);
        }
        const [after] = await tx
          .update(orders)
          .set({ state: 'withdrawn', closedAt: now(), updatedAt: now() })
          .where(eq(orders.id, id))
          .returning();
        await addSystemMessage(tx, id, `Status: ${ORDER_STATE_LABELS.withdrawn}`, 'withdrawn');
        await writeAudit(tx, session, 'order_withdraw', 'order', id, before, after);
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },

    /**
     * The customer's Freigabe: approve (hours beyond the available may be booked), decline
     * (staff work within the available; the Auftrag stays in its state) or more hours (staff
     * call to sell hours). Each writes the customer's answer into the thread.
     */
    async approval(session: SessionContext, id: number, input: ApprovalInput) {
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        const voice = await readCustomerVoice(tx);
        assertOpen(before, LETTER_TEXTS[voice].orderClosed);
        if (before.approvalState !== 'requested')
          throw new AppError('CONFLICT', LETTER_TEXTS[voice].orderNoApprovalAsked);
        const approvalState =
          input.decision === 'approve' ? 'approved' : input.decision === 'decline' ? 'declined' : 'more_hours';
        const [after] = await tx
          .update(orders)
          .set({ approvalState, approvalAnsweredAt: now(), updatedAt: now() })
          .where(eq(orders.id, id))
          .returning();
        const comment = input.comment?.trim();
        await tx.insert(orderMessages).values({
          orderId: id,
          authorKind: 'customer',
          body: `${LETTER_TEXTS[voice].orderApprovalAnswer(input.decision)}${comment ? `\n\n${comment}` : ''}`,
          internal: false,
        });
        await writeAudit(tx, session, 'order_approval', 'order', id, before, after);
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },

    /** Staff allow booking beyond the available without the customer's Freigabe: audited, and told in the thread. */
    async override(session: SessionContext, id: number, input: z.output<typeof zOrderOverride>) {
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        assertOpen(before, 'Dieser Auftrag ist abgeschlossen');
        const [after] = await tx
          .update(orders)
          .set({ overrideReason: input.reason, overrideByAdminId: session.adminId, updatedAt: now() })
          .where(eq(orders.id, id))
          .returning();
        const voice = await readCustomerVoice(tx);
        await addSystemMessage(tx, id, LETTER_TEXTS[voice].orderOverrideMessage(input.reason));
        await writeAudit(tx, session, 'order_override', 'order', id, before, after);
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },

    /** "Erledigt": closed with a summary of the booked hours by kind, told and mailed to the customer. */
    async close(session: SessionContext, id: number, input: z.output<typeof zOrderClose>) {
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        assertReach(session, before);
        assertOpen(before, 'Dieser Auftrag ist bereits abgeschlossen');
        const [after] = await tx
          .update(orders)
          .set({ state: 'done', closedAt: now(), updatedAt: now() })
          .where(eq(orders.id, id))
          .returning();
        const voice = await readCustomerVoice(tx);
        const body = closingSummary(voice, await bookedByKind(tx, id), input.summary);
        await addSystemMessage(tx, id, body);
        await writeAudit(tx, session, 'order_close', 'order', id, before, after);
        await mailCustomer(tx, session, after, { kind: 'done', body });
        await changed(tx, after, 'order.changed');
      });
      return detail(session, id);
    },
  };
}

/** The customer reads staff by first name (decision 0810). */
function maskAssignee<T extends { assignee: { id: number; name: string } | null }>(row: T, voice: CustomerVoice): T {
  return row.assignee
    ? { ...row, assignee: { ...row.assignee, name: customerFacingStaffName(row.assignee.name, voice) } }
    : row;
}

/** Booked hours of an Auftrag by billing type, in hundredths. */
async function bookedByKind(db: Executor, orderId: number) {
  const rows = await db
    .select({ kind: timeEntries.billingType, hours: sql<string>`sum(${timeEntries.hours})` })
    .from(timeEntries)
    .where(eq(timeEntries.orderId, orderId))
    .groupBy(timeEntries.billingType);
  const of = (kind: string) => num(rows.find((r) => r.kind === kind)?.hours ?? '0');
  return { abos: of('abos'), packages: of('stundenpakete') };
}

/** "Erledigt: 2,50 h aus deinem ButlerPaket und 1,00 h aus deinen Stundenpaketen" (+ the staff's words). */
export function closingSummary(voice: CustomerVoice, booked: { abos: number; packages: number }, words?: string) {
  const t = LETTER_TEXTS[voice];
  const parts = [
    booked.abos !== 0 ? t.orderHoursButler(formatHours(booked.abos)) : null,
    booked.packages !== 0 ? t.orderHoursPackages(formatHours(booked.packages)) : null,
  ].filter((p): p is string => p !== null);
  const line = parts.length ? t.orderDoneHours(parts.join(' und ')) : t.orderDoneNoHours;
  return words?.trim() ? `${line}\n\n${words.trim()}` : line;
}

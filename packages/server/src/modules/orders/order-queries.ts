import {
  type ApprovalState,
  isOpenOrderState,
  type OrderChannel,
  type OrderListQuery,
  type OrderState,
  type OrderSummary,
  orderNumber,
  parseOrderNumber,
} from '@butler/contract/orders';
import { and, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.js';
import { admins, customers, orders } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { num } from '../../domain/decimal.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { pageBounds } from '../../lib/pagination.js';
import { customerFullName } from '../customers/customers.repo.js';

/** Reads of the Aufträge module (decision 0810): one SQL per list, figures from subqueries. */

export const CLOSED = ['done', 'declined', 'withdrawn'] as const;
const assignee = alias(admins, 'assignee');
/** A staff member's name as lists show it: the full name, else the username. */
export const staffName = (table: typeof admins = admins) =>
  sql<string>`coalesce(nullif(${table.name}, ''), ${table.username})`;

/** The list columns; `withInternal`: internal notes count (staff who may read them). */
function summaryColumns(withInternal: boolean) {
  return {
    order: orders,
    customerName: customerFullName(),
    assigneeName: sql<string | null>`coalesce(nullif(${assignee.name}, ''), ${assignee.username})`,
    bookedHours: sql<string>`(SELECT coalesce(sum(te.hours), 0) FROM time_entries te WHERE te.order_id = ${orders.id})`,
    messageCount: withInternal
      ? sql<number>`(SELECT count(*)::int FROM order_messages m WHERE m.order_id = ${orders.id})`
      : sql<number>`(SELECT count(*)::int FROM order_messages m WHERE m.order_id = ${orders.id} AND NOT m.internal)`,
  };
}

type SummaryRow = {
  order: typeof orders.$inferSelect;
  customerName: string;
  assigneeName: string | null;
  bookedHours: string;
  messageCount: number;
};

/** The Freigabe state as screens show it: a request on a closed Auftrag is none. */
export function pendingApproval(o: { state: string; approvalState: string | null }) {
  return o.approvalState === 'requested' && !isOpenOrderState(o.state as OrderState) ? null : o.approvalState;
}

export function presentSummary(row: SummaryRow, today: string): OrderSummary {
  const o = row.order;
  const state = o.state as OrderState;
  return {
    id: o.id,
    number: orderNumber(o.id),
    customer_id: o.customerId,
    customer_name: row.customerName,
    title: o.title,
    state,
    channel: o.channel as OrderChannel,
    urgent: o.urgent,
    due_date: o.dueDate,
    planned_date: o.plannedDate,
    overdue: o.dueDate !== null && o.dueDate < today && isOpenOrderState(state),
    assignee:
      o.assigneeAdminId !== null && row.assigneeName !== null
        ? { id: o.assigneeAdminId, name: row.assigneeName }
        : null,
    estimate_hours: o.estimateHours === null ? null : num(o.estimateHours),
    booked_hours: num(row.bookedHours),
    // A Freigabe still asked for when the Auftrag closed is asked no more (decision 0810).
    approval_state: pendingApproval(o) as ApprovalState | null,
    message_count: Number(row.messageCount),
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

function selectSummaries(db: Executor, withInternal: boolean) {
  return db
    .select(summaryColumns(withInternal))
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(assignee, eq(assignee.id, orders.assigneeAdminId));
}

/** One Auftrag as a list row (for the detail). */
export async function findSummary(db: Executor, id: number, withInternal: boolean, today: string) {
  const [row] = await selectSummaries(db, withInternal).where(eq(orders.id, id)).limit(1);
  return row ? { row, summary: presentSummary(row, today) } : null;
}

/** The conditions of the list filters (zOrderListQuery), in SQL. */
export function listFilters(query: Partial<OrderListQuery>, today: string): SQL[] {
  const filters: SQL[] = [];
  const open = notInArray(orders.state, [...CLOSED]);
  if (query.state === 'open') filters.push(open);
  else if (query.state === 'approval') filters.push(and(open, eq(orders.approvalState, 'requested'))!);
  else if (query.state) filters.push(eq(orders.state, query.state));
  if (query.assignee_id === 'none') filters.push(isNull(orders.assigneeAdminId));
  else if (query.assignee_id !== undefined) filters.push(eq(orders.assigneeAdminId, query.assignee_id));
  if (query.customer_id !== undefined) filters.push(eq(orders.customerId, query.customer_id));
  if (query.urgent !== undefined) filters.push(eq(orders.urgent, query.urgent));
  if (query.due === 'overdue') filters.push(and(open, sql`${orders.dueDate} < ${today}::date`)!);
  if (query.due === 'today') filters.push(and(open, sql`${orders.dueDate} = ${today}::date`)!);
  if (query.due === 'week') {
    filters.push(and(open, sql`${orders.dueDate} BETWEEN ${today}::date AND ${addDays(today, 6)}::date`)!);
  }
  const q = query.q?.trim();
  if (q) filters.push(orderSearch(q));
  return filters;
}

/** An Auftrag by its number ("A-0042", "42") or by title words as prefixes (the title's full-text index). */
export function orderSearch(q: string): SQL {
  const id = parseOrderNumber(q);
  const words = titleQuery(q);
  const byTitle = words ? sql`to_tsvector('simple', ${orders.title}) @@ to_tsquery('simple', ${words})` : null;
  if (id !== null && id <= 2_147_483_647)
    return byTitle ? sql`(${orders.id} = ${id} OR ${byTitle})` : eq(orders.id, id);
  return byTitle ?? sql`false`;
}

/** Words of a search as a prefix tsquery (`kell:* & garten:*`), or null without a word. */
export function titleQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** One page of Aufträge (urgent first, then most recently changed), and the total, in SQL. */
export async function listOrders(
  db: Executor,
  query: OrderListQuery,
  scope: CustomerScope,
  options: { withInternal: boolean; today: string; newestFirst?: boolean },
) {
  const filters = listFilters(query, options.today);
  const scoped = scopeWhere(scope, orders.customerId);
  if (scoped) filters.push(scoped);
  const where = and(...filters);
  const { limit, offset } = pageBounds(query);
  // The customer's own list: what waits for the customer (an answer, a Freigabe) first, then the newest.
  const waitsForCustomer = sql`(${orders.state} = 'waiting_customer' OR (COALESCE(${orders.approvalState} = 'requested', false) AND ${notInArray(orders.state, [...CLOSED])}))`;
  const order = options.newestFirst
    ? [desc(waitsForCustomer), desc(orders.createdAt), desc(orders.id)]
    : [desc(orders.urgent), desc(orders.updatedAt), desc(orders.id)];
  const rows = await selectSummaries(db, options.withInternal)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where);
  return { rows: rows.map((r) => presentSummary(r, options.today)), total };
}

/**
 * The badges and the dashboard tile, over the caller's scope: open Aufträge only (the partial
 * index orders_open_inbox_idx), however many closed ones the years have gathered.
 */
export async function orderCounts(db: Executor, scope: CustomerScope, today: string) {
  const open = sql`${orders.state} NOT IN ('done','declined','withdrawn')`;
  const scoped = and(open, scopeWhere(scope, orders.customerId));
  const [row] = await db
    .select({
      new: sql<number>`count(*) FILTER (WHERE ${orders.state} = 'new')::int`,
      open: sql<number>`count(*) FILTER (WHERE ${open})::int`,
      overdue: sql<number>`count(*) FILTER (WHERE ${open} AND ${orders.dueDate} < ${today}::date)::int`,
      approval: sql<number>`count(*) FILTER (WHERE ${orders.approvalState} = 'requested')::int`,
      fresh: sql<number>`count(*) FILTER (WHERE ${open} AND ${orders.createdAt} > now() - interval '2 days')::int`,
      week: sql<number>`count(*) FILTER (WHERE ${open} AND ${orders.createdAt} <= now() - interval '2 days' AND ${orders.createdAt} > now() - interval '7 days')::int`,
      older: sql<number>`count(*) FILTER (WHERE ${open} AND ${orders.createdAt} <= now() - interval '7 days')::int`,
    })
    .from(orders)
    .where(scoped);
  const byState = await db
    .select({ state: orders.state, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(scoped)
    .groupBy(orders.state);
  return {
    new: row.new,
    open: row.open,
    overdue: row.overdue,
    awaiting_approval: row.approval,
    by_age: { fresh: row.fresh, week: row.week, older: row.older },
    by_state: Object.fromEntries(byState.map((s) => [s.state, s.n])),
  };
}

/** `{ id, number, title }` of the Aufträge named, for lists that show entries (decision 0810). */
export async function orderRefs(db: Executor, ids: Array<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, { id: number; number: string; title: string }>();
  const rows = await db.select({ id: orders.id, title: orders.title }).from(orders).where(inArray(orders.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, number: orderNumber(r.id), title: r.title }]));
}

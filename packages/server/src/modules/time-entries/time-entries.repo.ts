import type { PageQuery } from '@butler/contract/list-query';
import { orderNumber } from '@butler/contract/orders';
import type { BillingType, TimeEntry } from '@butler/contract/time-entries';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, orders, projects, timeEntries } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { pageBounds } from '../../lib/pagination.js';
import { customerFullName } from '../customers/customers.repo.js';

type TimeEntryRow = typeof timeEntries.$inferSelect;

export function presentTimeEntry(
  row: TimeEntryRow,
  customerName: string,
  projectName: string,
  orderTitle: string | null = null,
): TimeEntry {
  return {
    id: row.id,
    customer_id: row.customerId,
    customer_name: customerName,
    project_id: row.projectId,
    project_name: projectName,
    hours: num(row.hours),
    activity_description: row.activityDescription,
    work_date: row.workDate,
    created_by: row.createdBy,
    is_billable: row.isBillable,
    billing_type: row.billingType as BillingType,
    deducted_from_subscription: row.billingType === 'abos',
    invoice_id: row.invoiceId,
    order_id: row.orderId,
    order:
      row.orderId !== null && orderTitle !== null
        ? { id: row.orderId, number: orderNumber(row.orderId), title: orderTitle }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

const selection = {
  entry: timeEntries,
  customerName: customerFullName(),
  projectName: projects.name,
  orderTitle: orders.title,
};

/** Newest work date first; the (customer, billing type, date) index serves the per-customer lists. */
export async function listTimeEntries(
  db: Database,
  query: PageQuery & { customer_id?: number; billing_type?: BillingType },
  scope: CustomerScope,
) {
  const filters: SQL[] = [];
  if (query.customer_id !== undefined) filters.push(eq(timeEntries.customerId, query.customer_id));
  if (query.billing_type) filters.push(eq(timeEntries.billingType, query.billing_type));
  const scoped = scopeWhere(scope, timeEntries.customerId);
  if (scoped) filters.push(scoped);
  const where = and(...filters);
  const { limit, offset } = pageBounds(query);
  const count = async () => (await db.select({ total: sql<number>`count(*)::int` }).from(timeEntries).where(where))[0];
  // Counting all entries reads a whole index (2.5 million rows at ten times the bench data);
  // that total only moves with a write, so it is cached until data_version moves (decision
  // 0401). A customer's count is one short index range and stays uncached.
  const counted =
    query.customer_id === undefined && scope.all
      ? dashboardFigureCache(db, `time-entries-total:${query.billing_type ?? 'all'}`, count)
      : count();
  const [rows, { total }] = await Promise.all([
    db
      .select(selection)
      .from(timeEntries)
      .innerJoin(customers, eq(customers.id, timeEntries.customerId))
      .innerJoin(projects, eq(projects.id, timeEntries.projectId))
      .leftJoin(orders, eq(orders.id, timeEntries.orderId))
      .where(where)
      .orderBy(desc(timeEntries.workDate), desc(timeEntries.id))
      .limit(limit)
      .offset(offset),
    counted,
  ]);
  return { rows: rows.map((r) => presentTimeEntry(r.entry, r.customerName, r.projectName, r.orderTitle)), total };
}

export async function findTimeEntry(db: Executor, id: number): Promise<TimeEntry | null> {
  const [row] = await db
    .select(selection)
    .from(timeEntries)
    .innerJoin(customers, eq(customers.id, timeEntries.customerId))
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(orders, eq(orders.id, timeEntries.orderId))
    .where(eq(timeEntries.id, id))
    .limit(1);
  return row ? presentTimeEntry(row.entry, row.customerName, row.projectName, row.orderTitle) : null;
}

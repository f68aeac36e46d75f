import type { PageQuery } from '@butler/contract/list-query';
import type { Subscription } from '@butler/contract/subscriptions';
import { and, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, subscriptions, timeEntries } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { type HourEntry, summarizeSubscription } from '../../domain/subscription-periods.js';
import { pageBounds, searchPattern } from '../../lib/pagination.js';
import { customerFullName, customerNameMatches } from '../customers/customers.repo.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type RowWithName = { subscription: SubscriptionRow; customerName: string };

const selection = { subscription: subscriptions, customerName: customerFullName() };

export async function listSubscriptionRows(
  db: Database,
  query: PageQuery & { customer_id?: number; search?: string },
): Promise<{ rows: RowWithName[]; total: number }> {
  const filters: SQL[] = [];
  if (query.customer_id !== undefined) filters.push(eq(subscriptions.customerId, query.customer_id));
  const pattern = searchPattern(query.search);
  if (pattern) filters.push(customerNameMatches(pattern));
  const where = and(...filters);
  const { limit, offset } = pageBounds(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection)
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(where)
      .orderBy(desc(subscriptions.startDate), desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(where),
  ]);
  return { rows, total };
}

export async function findSubscriptionRow(db: Executor, id: number): Promise<RowWithName | null> {
  const [row] = await db
    .select(selection)
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(eq(subscriptions.id, id))
    .limit(1);
  return row ?? null;
}

/** Another subscription of the customer whose term shares a day with [start, end]. */
export async function findOverlap(tx: Executor, customerId: number, start: string, end: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        lte(subscriptions.startDate, end),
        gte(subscriptions.endDate, start),
        exceptId === undefined ? undefined : ne(subscriptions.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The customer's `abos` entries dated within `term` but outside `kept` (the new term of an
 * edit; none on delete). Terms never overlap, so these count towards no ButlerPaket afterwards.
 */
export async function countAbosEntriesLeaving(
  tx: Executor,
  customerId: number,
  term: { start: string; end: string },
  kept?: { start: string; end: string },
): Promise<number> {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billingType, 'abos'),
        gte(timeEntries.workDate, term.start),
        lte(timeEntries.workDate, term.end),
        kept ? sql`NOT (${timeEntries.workDate} BETWEEN ${kept.start} AND ${kept.end})` : undefined,
      ),
    );
  return count;
}

/**
 * Daily sums of the `abos` hours of the page's customers within the page's terms: one
 * grouped query per page, so balances cost the same however long the list is.
 */
async function abosUsage(db: Executor, rows: SubscriptionRow[]): Promise<Map<number, HourEntry[]>> {
  const usage = new Map<number, HourEntry[]>();
  if (rows.length === 0) return usage;
  // ISO dates sort as text.
  const from = rows.map((r) => r.startDate).sort()[0];
  const to = rows
    .map((r) => r.endDate)
    .sort()
    .at(-1)!;
  const sums = await db
    .select({
      customerId: timeEntries.customerId,
      workDate: timeEntries.workDate,
      hours: sql<string>`sum(${timeEntries.hours})::text`,
    })
    .from(timeEntries)
    .where(
      and(
        inArray(timeEntries.customerId, [...new Set(rows.map((r) => r.customerId))]),
        eq(timeEntries.billingType, 'abos'),
        gte(timeEntries.workDate, from),
        lte(timeEntries.workDate, to),
      ),
    )
    .groupBy(timeEntries.customerId, timeEntries.workDate);
  for (const s of sums) {
    const list = usage.get(s.customerId) ?? [];
    list.push({ workDate: s.workDate, hours: s.hours });
    usage.set(s.customerId, list);
  }
  return usage;
}

/** Contract objects with status and balances (DOMAIN-RULES §4, via summarizeSubscription). */
export async function presentSubscriptions(db: Executor, rows: RowWithName[], today: string): Promise<Subscription[]> {
  const usage = await abosUsage(
    db,
    rows.map((r) => r.subscription),
  );
  return rows.map(({ subscription: s, customerName }) => {
    const summary = summarizeSubscription(
      { startDate: s.startDate, durationMonths: s.durationMonths, monthlyHours: s.monthlyHours },
      usage.get(s.customerId) ?? [],
      today,
    );
    return {
      id: s.id,
      customer_id: s.customerId,
      customer_name: customerName,
      template_id: s.templateId,
      template_name: s.templateName,
      duration_months: s.durationMonths,
      monthly_hours: num(s.monthlyHours),
      monthly_price: num(s.monthlyPrice),
      original_monthly_price: num(s.originalMonthlyPrice),
      has_referral_discount: s.hasReferralDiscount,
      start_date: s.startDate,
      end_date: s.endDate,
      monthly_trips: s.monthlyTrips,
      agreements: s.agreements,
      is_active: s.isActive,
      billing_interval: s.billingInterval as Subscription['billing_interval'],
      payment_method: s.paymentMethod as Subscription['payment_method'],
      auto_renew: s.autoRenew,
      renewed_from_id: s.renewedFromId,
      status: s.isActive && today <= s.endDate ? 'active' : 'expired',
      is_current: s.startDate <= today && today <= s.endDate,
      total_balance: summary.totalBalance,
      total_hours_over_lifetime: summary.totalHoursOverLifetime,
      total_hours_used_over_lifetime: summary.totalHoursUsedOverLifetime,
      created_at: s.createdAt.toISOString(),
    };
  });
}

import type { HourPackage } from '@butler/contract/hour-packages';
import type { PageQuery } from '@butler/contract/list-query';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, hourPackages } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { pageBounds, searchPattern } from '../../lib/pagination.js';
import { customerFullName, customerNameMatches } from '../customers/customers.repo.js';

type HourPackageRow = typeof hourPackages.$inferSelect;

export function presentHourPackage(row: HourPackageRow, customerName: string): HourPackage {
  return {
    id: row.id,
    customer_id: row.customerId,
    customer_name: customerName,
    hours: num(row.hours),
    price_per_hour: num(row.pricePerHour),
    discount_percentage: num(row.discountPercentage),
    total_price: num(row.totalPrice),
    purchase_date: row.purchaseDate,
    is_referral_discount: row.isReferralDiscount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

const selection = { hourPackage: hourPackages, customerName: customerFullName() };

export async function listHourPackages(db: Database, query: PageQuery & { customer_id?: number; search?: string }) {
  const filters: SQL[] = [];
  if (query.customer_id !== undefined) filters.push(eq(hourPackages.customerId, query.customer_id));
  const pattern = searchPattern(query.search);
  if (pattern) filters.push(customerNameMatches(pattern));
  const where = and(...filters);
  const { limit, offset } = pageBounds(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection)
      .from(hourPackages)
      .innerJoin(customers, eq(customers.id, hourPackages.customerId))
      .where(where)
      .orderBy(desc(hourPackages.purchaseDate), desc(hourPackages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(hourPackages)
      .innerJoin(customers, eq(customers.id, hourPackages.customerId))
      .where(where),
  ]);
  return { rows: rows.map((r) => presentHourPackage(r.hourPackage, r.customerName)), total };
}

export async function findHourPackage(db: Executor, id: number): Promise<HourPackage | null> {
  const [row] = await db
    .select(selection)
    .from(hourPackages)
    .innerJoin(customers, eq(customers.id, hourPackages.customerId))
    .where(eq(hourPackages.id, id))
    .limit(1);
  return row ? presentHourPackage(row.hourPackage, row.customerName) : null;
}

import type { HourPackage } from '@butler/contract/hour-packages';
import type { PageQuery } from '@butler/contract/list-query';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, hourPackages, invoices } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { pageBounds, searchPattern } from '../../lib/pagination.js';
import { customerFullName, customerNameMatches } from '../customers/customers.repo.js';

type HourPackageRow = typeof hourPackages.$inferSelect;

type LiveInvoice = HourPackage['invoice'];

/**
 * The live invoice (not cancelled) of each package: "verrechnet: 2026-0030" on the lists
 * (index invoices_hour_package_idx; at most one per package, sources/hour-package-draft.ts).
 */
async function liveInvoices(db: Executor, packageIds: number[]) {
  const found = new Map<number, NonNullable<LiveInvoice>>();
  if (packageIds.length === 0) return found;
  const rows = await db
    .select({ id: invoices.id, packageId: invoices.hourPackageId, number: invoices.invoiceNumber })
    .from(invoices)
    .where(
      and(inArray(invoices.hourPackageId, packageIds), eq(invoices.kind, 'invoice'), ne(invoices.status, 'cancelled')),
    )
    .orderBy(asc(invoices.id));
  for (const r of rows) if (r.packageId !== null) found.set(r.packageId, { id: r.id, invoice_number: r.number });
  return found;
}

export function presentHourPackage(
  row: HourPackageRow,
  customerName: string,
  invoice: LiveInvoice = null,
): HourPackage {
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
    invoice,
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
  const billed = await liveInvoices(
    db,
    rows.map((r) => r.hourPackage.id),
  );
  return {
    rows: rows.map((r) => presentHourPackage(r.hourPackage, r.customerName, billed.get(r.hourPackage.id) ?? null)),
    total,
  };
}

export async function findHourPackage(db: Executor, id: number): Promise<HourPackage | null> {
  const [row] = await db
    .select(selection)
    .from(hourPackages)
    .innerJoin(customers, eq(customers.id, hourPackages.customerId))
    .where(eq(hourPackages.id, id))
    .limit(1);
  if (!row) return null;
  const billed = await liveInvoices(db, [id]);
  return presentHourPackage(row.hourPackage, row.customerName, billed.get(id) ?? null);
}

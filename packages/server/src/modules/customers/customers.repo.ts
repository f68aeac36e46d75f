import type { PageQuery } from '@butler/contract/list-query';
import type { StaffOption } from '@butler/contract/staff';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { normalizeReferralCode } from '../../domain/referral-code.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { pageBounds, searchPattern } from '../../lib/pagination.js';

export type CustomerRow = typeof customers.$inferSelect;
/** SQL for "First Last", used by every list that shows a customer's name. */
type NameColumns = { firstName: AnyPgColumn; lastName: AnyPgColumn };
export const customerFullName = (table: NameColumns = customers) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** ILIKE filter over a customer's name parts (and full name) for the 3-character searches. */
export function customerNameMatches(pattern: string, table: NameColumns = customers): SQL {
  return or(ilike(table.firstName, pattern), ilike(table.lastName, pattern), ilike(customerFullName(table), pattern))!;
}

/** The customer list and search, over the customers the caller may see (a Butler's own). */
export async function listCustomers(db: Database, query: PageQuery & { search?: string }, scope: CustomerScope) {
  const pattern = searchPattern(query.search);
  const matches = pattern
    ? or(
        customerNameMatches(pattern),
        ilike(customers.email, pattern),
        ilike(customers.company, pattern),
        ilike(customers.referralCode, pattern),
      )
    : undefined;
  const where = and(matches, scopeWhere(scope, customers.id));
  const { limit, offset } = pageBounds(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  return { rows, total };
}

/** The customer's "Betreuer", by name. */
const staffOf = (customerId: AnyPgColumn) => sql<StaffOption[]>`coalesce((
  SELECT json_agg(json_build_object('id', a.id, 'name', coalesce(nullif(a.name, ''), a.username), 'role', a.role)
                  ORDER BY lower(coalesce(nullif(a.name, ''), a.username)), a.id)
  FROM customer_staff cs JOIN admins a ON a.id = cs.admin_id WHERE cs.customer_id = ${customerId}), '[]'::json)`;

/** The customer, the name of their referrer (if any) and their Betreuer. */
export async function findCustomer(db: Executor, id: number) {
  const referrer = alias(customers, 'referrer');
  const [row] = await db
    .select({ customer: customers, referredByName: customerFullName(referrer), staff: staffOf(customers.id) })
    .from(customers)
    .leftJoin(referrer, eq(referrer.id, customers.referredById))
    .where(eq(customers.id, id))
    .limit(1);
  return row ? { customer: row.customer, referredByName: row.referredByName ?? null, staff: row.staff } : null;
}

/** Locks the customer row for the rest of the transaction (serialises purchases per customer). */
export async function lockCustomer(tx: Transaction, id: number): Promise<CustomerRow | null> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findByReferralCode(db: Executor, code: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.referralCode, normalizeReferralCode(code)))
    .limit(1);
  return row ?? null;
}

/**
 * The referrer of a new customer, locked until the transaction ends (FOR KEY SHARE): a
 * deletion of the referrer at the same moment waits for the new row, or has already gone and
 * the code is not found. Never a foreign-key error (decision 0501).
 */
export async function lockReferrerByCode(tx: Transaction, code: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.referralCode, normalizeReferralCode(code)))
    .for('key share')
    .limit(1);
  return row ?? null;
}

export async function referralCodeExists(db: Executor, code: string) {
  return (await findByReferralCode(db, code)) !== null;
}

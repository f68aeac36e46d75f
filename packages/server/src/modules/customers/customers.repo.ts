import type { PageQuery } from '@butler/contract/list-query';
import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { normalizeReferralCode } from '../../domain/referral-code.js';
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

export async function listCustomers(db: Database, query: PageQuery & { search?: string }) {
  const pattern = searchPattern(query.search);
  const where = pattern
    ? or(
        customerNameMatches(pattern),
        ilike(customers.email, pattern),
        ilike(customers.company, pattern),
        ilike(customers.referralCode, pattern),
      )
    : undefined;
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

/** The customer and the name of their referrer, if any. */
export async function findCustomer(db: Executor, id: number) {
  const referrer = alias(customers, 'referrer');
  const [row] = await db
    .select({ customer: customers, referredByName: customerFullName(referrer) })
    .from(customers)
    .leftJoin(referrer, eq(referrer.id, customers.referredById))
    .where(eq(customers.id, id))
    .limit(1);
  return row ? { customer: row.customer, referredByName: row.referredByName ?? null } : null;
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
 * the code is not found. Never a foreign-key error (issue 26, finding 4).
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

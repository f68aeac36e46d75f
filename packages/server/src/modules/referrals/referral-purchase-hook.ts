import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/executor.js';
import { customers, hourPackages, subscriptions } from '../../db/schema/index.js';
import { todayVienna } from '../../lib/clock.js';
import { type AuditActor, repriceReferrer, SYSTEM_ACTOR } from './referral-pricing.js';

export type ReferralBonus = { discount_applied: number; referrer_name: string };

/** Subscriptions plus hour packages the customer has bought (any state, any date). */
export async function countPurchases(tx: Executor, customerId: number): Promise<number> {
  const result = await tx.execute<{ count: string }>(
    sql`SELECT (SELECT count(*) FROM ${subscriptions} WHERE ${subscriptions.customerId} = ${customerId})
      + (SELECT count(*) FROM ${hourPackages} WHERE ${hourPackages.customerId} = ${customerId}) AS count`,
  );
  return Number(result.rows[0].count);
}

/**
 * Called inside the transaction that records a purchase (subscription or hour package)
 * of `customerId`, after the purchase row is written. When this is the referred
 * customer's first purchase (exactly one purchase exists now), the referrer's current
 * subscription price follows the new discount (DOMAIN-RULES §5) and the bonus is
 * returned for the create answer. No bonus when the customer has no referrer, when it is
 * not the first purchase, or when the referrer has no current subscription or earns no
 * discount (programme off) — decision 0182. Pass the admin's session as `actor` so the
 * audit entry of the price change names who made the sale.
 */
export async function onCustomerPurchase(
  tx: Transaction,
  customerId: number,
  actor: AuditActor = SYSTEM_ACTOR,
  today: string = todayVienna(),
): Promise<ReferralBonus | null> {
  const [customer] = await tx
    .select({ referredById: customers.referredById })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer?.referredById) return null;
  if ((await countPurchases(tx, customerId)) !== 1) return null;
  return bonusForReferrer(tx, customer.referredById, actor, today);
}

/** Reprices the referrer and describes the bonus, or null when no discount applies. */
export async function bonusForReferrer(
  tx: Transaction,
  referrerId: number,
  actor: AuditActor,
  today: string = todayVienna(),
): Promise<ReferralBonus | null> {
  const result = await repriceReferrer(tx, referrerId, actor, today);
  if (!result || result.discount <= 0) return null;
  const [referrer] = await tx
    .select({ name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}` })
    .from(customers)
    .where(eq(customers.id, referrerId));
  return { discount_applied: result.discount, referrer_name: referrer.name };
}

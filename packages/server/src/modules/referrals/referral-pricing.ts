import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { customers, subscriptions } from '../../db/schema/index.js';
import { hundredthsToString, num, toHundredths } from '../../domain/decimal.js';
import { discountedMonthlyPrice } from '../../domain/referral-tiers.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { computeReferralSummary, findCurrentSubscription } from './referral-data.js';

export type AuditActor = Parameters<typeof writeAudit>[1];

/** Price changes that no admin asked for directly are recorded under this name. */
export const SYSTEM_ACTOR: AuditActor = { userType: 'system', displayName: 'Empfehlungsprogramm' };

export type RepriceResult = { subscriptionId: number; discount: number; changed: boolean };

/**
 * Makes the referrer's current subscription price follow the referrer's discount now
 * (DOMAIN-RULES §4/§5): monthly_price = original × (1 − discount/100), and
 * has_referral_discount while the discount is above 0. Audited when the price changes.
 * Returns null when the referrer has no current subscription (nothing to price).
 */
export async function repriceReferrer(
  tx: Transaction,
  referrerId: number,
  actor: AuditActor,
  today: string = todayVienna(),
): Promise<RepriceResult | null> {
  const current = await findCurrentSubscription(tx, referrerId, today);
  if (!current) return null;
  const { tier } = await computeReferralSummary(tx, referrerId, today);
  const discount = tier.total_discount_percentage;
  const price = discountedMonthlyPrice(current.originalMonthlyPrice, discount);
  const hasDiscount = discount > 0;
  const changed = price !== toHundredths(current.monthlyPrice) || hasDiscount !== current.hasReferralDiscount;
  if (changed) {
    const monthlyPrice = hundredthsToString(price);
    await tx
      .update(subscriptions)
      .set({ monthlyPrice, hasReferralDiscount: hasDiscount, updatedAt: new Date() })
      .where(eq(subscriptions.id, current.id));
    await writeAudit(
      tx,
      actor,
      'referral_discount',
      'subscription',
      current.id,
      { monthly_price: num(current.monthlyPrice), has_referral_discount: current.hasReferralDiscount },
      { monthly_price: num(monthlyPrice), has_referral_discount: hasDiscount, discount_percentage: discount },
    );
  }
  return { subscriptionId: current.id, discount, changed };
}

/**
 * After a customer's ButlerPakete changed (sold, edited, deleted): the customer's own
 * current price follows their own referral discount (their own hours change their r_ratio
 * and tier), and so does their referrer's (the referral hours changed). Decision 0287.
 */
export async function repriceCustomerAndReferrer(
  tx: Transaction,
  customerId: number,
  actor: AuditActor,
  today: string = todayVienna(),
): Promise<void> {
  await repriceReferrer(tx, customerId, actor, today);
  const [customer] = await tx
    .select({ referredById: customers.referredById })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer?.referredById) await repriceReferrer(tx, customer.referredById, actor, today);
}

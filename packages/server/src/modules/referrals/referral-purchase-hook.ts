import type { Database } from '../../db/client.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ReferralBonus = { discount_applied: number; referrer_name: string };

/**
 * Called inside the transaction that records a purchase (subscription or hour package)
 * of `customerId`, after the purchase row is written. When this is the referred
 * customer's first purchase, the referrer's current subscription price follows the new
 * discount (DOMAIN-RULES §5) and the bonus is returned for the create answer.
 * The referral module (issue 5) implements the rule; until then no bonus applies.
 */
export async function onCustomerPurchase(_tx: Transaction, _customerId: number): Promise<ReferralBonus | null> {
  return null;
}

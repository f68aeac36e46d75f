import type { CustomerReferralsResponse } from '@butler/contract/referrals';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { computeReferralSummary } from './referral-data.js';

/** The admin's Empfehlungen card: who referred this customer, whom they referred, tier figures. */
export async function customerReferrals(db: Database, customerId: number): Promise<CustomerReferralsResponse> {
  const referrer = alias(customers, 'referrer');
  const [row] = await db
    .select({
      code: customers.referralCode,
      referrerId: referrer.id,
      referrerName: sql<string | null>`${referrer.firstName} || ' ' || ${referrer.lastName}`,
      referrerCode: referrer.referralCode,
    })
    .from(customers)
    .leftJoin(referrer, eq(referrer.id, customers.referredById))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const summary = await computeReferralSummary(db, customerId);
  return {
    ...summary.referral_data,
    customer_id: customerId,
    referral_code: row.code,
    referred_by:
      row.referrerId === null
        ? null
        : { id: row.referrerId, name: row.referrerName ?? '', referral_code: row.referrerCode ?? '' },
    referrals: summary.referred.map((r, i) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      signup_date: r.signupDate,
      has_purchase: r.hasPurchase,
      discount_percentage: summary.referral_data.referrals[i].discount_percentage,
    })),
    referral_stats: summary.referral_stats,
  };
}

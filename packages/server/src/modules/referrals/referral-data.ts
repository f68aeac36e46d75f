import type { ReferralData, ReferralSettings, ReferralStats } from '@butler/contract/referrals';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../../db/executor.js';
import { customers, subscriptions } from '../../db/schema/index.js';
import { fromHundredths, toHundredths } from '../../domain/decimal.js';
import { computeTier, type TierResult } from '../../domain/referral-tiers.js';
import { todayVienna } from '../../lib/clock.js';
import { loadReferralSettings, toTierSettings } from './referral-settings.repo.js';

/**
 * referral_data and referral_stats (SPEC §3) by the rules of DOMAIN-RULES §5. The customer
 * dashboard calls computeReferralData / referralStatsOf; the admin card and the pricing
 * use computeReferralSummary.
 */

export type ReferredCustomer = {
  id: number;
  firstName: string;
  name: string;
  email: string;
  signupDate: string;
  hasPurchase: boolean;
};

export type ReferralSummary = {
  settings: ReferralSettings;
  referred: ReferredCustomer[];
  tier: TierResult;
  referral_data: ReferralData;
  referral_stats: ReferralStats;
};

// Written with explicit table names: drizzle leaves columns unqualified in one-table selects.
const hasPurchase = sql<boolean>`(EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = customers.id)
  OR EXISTS (SELECT 1 FROM hour_packages h WHERE h.customer_id = customers.id))`;

/** Everyone this customer referred, oldest first, with whether they bought something. */
export async function listReferredCustomers(db: Executor, referrerId: number): Promise<ReferredCustomer[]> {
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      email: customers.email,
      signupDate: sql<string>`to_char(${customers.createdAt} AT TIME ZONE 'Europe/Vienna', 'YYYY-MM-DD')`,
      hasPurchase,
    })
    .from(customers)
    .where(eq(customers.referredById, referrerId))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  return rows.map((r) => ({ ...r, hasPurchase: Boolean(r.hasPurchase) }));
}

const isCurrent = (today: string) =>
  and(eq(subscriptions.isActive, true), lte(subscriptions.startDate, today), gte(subscriptions.endDate, today));

/** Monthly hours of the current subscriptions of the customers this one referred. */
async function referralHours(db: Executor, referrerId: number, today: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${subscriptions.monthlyHours}), 0)::text` })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(and(eq(customers.referredById, referrerId), isCurrent(today)));
  return row.total;
}

/** The customer's current subscription: active, term containing today (latest start wins). */
export async function findCurrentSubscription(db: Executor, customerId: number, today: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), isCurrent(today)))
    .orderBy(desc(subscriptions.startDate))
    .limit(1);
  return row ?? null;
}

/** All referral figures of one customer: referral_data (SPEC §3) and the figures behind it. */
export async function computeReferralSummary(
  db: Executor,
  customerId: number,
  today: string = todayVienna(),
): Promise<ReferralSummary> {
  // Side by side on the pool (the lounge's first answer after a booking waits for the slowest
  // of its reads, decision 0560); inside a transaction they run one after another.
  const [settings, referred, refHours, own] = await readTogether(
    db,
    () => loadReferralSettings(db),
    () => listReferredCustomers(db, customerId),
    () => referralHours(db, customerId, today),
    () => findCurrentSubscription(db, customerId, today),
  );
  const successful = referred.filter((r) => r.hasPurchase).length;
  const ownHours = own?.monthlyHours ?? '0';
  const tier = computeTier(
    {
      successfulReferrals: successful,
      referralHours: refHours,
      ownHours,
      ownOriginalMonthlyPrice: own?.originalMonthlyPrice ?? '0',
    },
    toTierSettings(settings),
  );
  // Savings over the current term at today's discount (decision 0181).
  const termSavings = toHundredths(tier.monthly_savings_euro) * BigInt(own?.durationMonths ?? 0);
  const perReferral = settings.is_active ? settings.default_discount_percentage : 0;
  const referral_data: ReferralData = {
    referral_count: referred.length,
    total_discount_percentage: tier.total_discount_percentage,
    total_referral_savings_euro: fromHundredths(termSavings),
    monthly_savings_euro: tier.monthly_savings_euro,
    r_ratio: tier.r_ratio,
    referral_program_enabled: settings.is_active,
    next_tier_info: tier.next_tier_info,
    referrals: referred.map((r) => ({
      first_name: r.firstName,
      counts_for_discount: r.hasPurchase,
      discount_percentage: r.hasPurchase ? perReferral : 0,
    })),
  };
  return {
    settings,
    referred,
    tier,
    referral_data,
    referral_stats: {
      total_referrals: referred.length,
      successful_referrals: successful,
      pending_referrals: referred.length - successful,
      referral_hours: Number(refHours),
      own_hours: Number(ownHours),
      discount_per_referral: perReferral,
      gift_text: settings.gift_text,
    },
  };
}

/** SPEC §3 referral_data of a customer's dashboard. */
export async function computeReferralData(
  db: Executor,
  customerId: number,
  today: string = todayVienna(),
): Promise<ReferralData> {
  return (await computeReferralSummary(db, customerId, today)).referral_data;
}

/** Counts for the dashboard's referral cards; derived from referral_data so both always agree. */
export function referralStatsOf(data: ReferralData): { total_referrals: number; successful_referrals: number } {
  return {
    total_referrals: data.referral_count,
    successful_referrals: data.referrals.filter((r) => r.counts_for_discount).length,
  };
}

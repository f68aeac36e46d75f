import { divideRounded, fromHundredths, packageTotal, toHundredths } from './decimal.js';

/**
 * Referral tiers and discounts (DOMAIN-RULES §5, SPEC §4). Pure: the caller loads the
 * settings and the hours. All comparisons are exact (integer hundredths); only the
 * numbers handed out are rounded.
 */

type Decimal = string | number;

export type TierSettings = {
  defaultDiscountPercentage: Decimal;
  isActive: boolean;
  /** r_threshold_1 … r_threshold_4, ascending. */
  thresholds: readonly [Decimal, Decimal, Decimal, Decimal];
  /** cap_percentage_1 … cap_percentage_5. */
  caps: readonly [Decimal, Decimal, Decimal, Decimal, Decimal];
};

/** SPEC §9 defaults; also what POST /api/referral-settings/reset restores. */
export const DEFAULT_TIER_SETTINGS: TierSettings = {
  defaultDiscountPercentage: 3,
  isActive: true,
  thresholds: [0.5, 1, 2, 3],
  caps: [25, 50, 80, 90, 100],
};

export type Tier = 1 | 2 | 3 | 4 | 5;

export type ReferralFigures = {
  /** Referred customers who bought something. */
  successfulReferrals: number;
  /** Monthly hours of the current subscriptions of successfully referred customers. */
  referralHours: Decimal;
  /** Monthly hours of one's own current subscription (0 without one). */
  ownHours: Decimal;
  /** Undiscounted monthly price of one's own current subscription (0 without one). */
  ownOriginalMonthlyPrice: Decimal;
};

export type NextTierInfo = {
  current_tier: Tier;
  current_cap: number;
  next_tier: Tier | null;
  next_cap: number | null;
  next_threshold: number | null;
  additional_ref_hours_needed: number;
};

export type TierResult = {
  tier: Tier;
  r_ratio: number;
  total_discount_percentage: number;
  monthly_savings_euro: number;
  next_tier_info: NextTierInfo;
};

/**
 * r_ratio = referral hours / own hours, 0 when own hours are 0; rounded half-up to
 * 2 decimals for display only (tiers use the exact comparison in `tierFor`).
 */
export function rRatio(referralHours: Decimal, ownHours: Decimal): number {
  const own = toHundredths(ownHours);
  if (own <= 0n) return 0;
  return fromHundredths(divideRounded(toHundredths(referralHours) * 100n, own));
}

/** ratio ≥ threshold, decided exactly: referral × 100 ≥ threshold × own (all in hundredths). */
function reaches(referral: bigint, own: bigint, threshold: bigint): boolean {
  if (own <= 0n) return threshold <= 0n; // the ratio counts as 0 without own hours
  return referral * 100n >= threshold * own;
}

/** Tier 1 below threshold 1, tier n+1 from threshold n, tier 5 at or above threshold 4. */
export function tierFor(referralHours: Decimal, ownHours: Decimal, thresholds: TierSettings['thresholds']): Tier {
  const referral = toHundredths(referralHours);
  const own = toHundredths(ownHours);
  let tier: Tier = 1;
  thresholds.forEach((threshold, i) => {
    if (reaches(referral, own, toHundredths(threshold))) tier = (i + 2) as Tier;
  });
  return tier;
}

/** min(successful × default discount, cap of the tier, 100), 0 while the programme is off. In hundredths of a percent. */
export function discountHundredths(successfulReferrals: number, tier: Tier, settings: TierSettings): bigint {
  if (!settings.isActive || successfulReferrals <= 0) return 0n;
  const earned = BigInt(successfulReferrals) * toHundredths(settings.defaultDiscountPercentage);
  const cap = toHundredths(settings.caps[tier - 1]);
  const limit = cap < 10_000n ? cap : 10_000n;
  const result = earned < limit ? earned : limit;
  return result > 0n ? result : 0n;
}

/** price × percent / 100, rounded half-up to cents (both inputs with 2 decimals). */
export function percentOf(price: Decimal, percentHundredths: bigint): bigint {
  return divideRounded(toHundredths(price) * percentHundredths, 10_000n);
}

/** Hours still missing to the next tier: max(0, next threshold × own − referral), rounded up to 0.01 h. */
function hoursNeeded(threshold: bigint, own: bigint, referral: bigint): number {
  const missing = threshold * own - referral * 100n; // scale 1e4
  if (missing <= 0n) return 0;
  return fromHundredths((missing + 99n) / 100n);
}

export function computeTier(figures: ReferralFigures, settings: TierSettings): TierResult {
  const tier = tierFor(figures.referralHours, figures.ownHours, settings.thresholds);
  const discount = discountHundredths(figures.successfulReferrals, tier, settings);
  const hasNext = tier < 5;
  const nextThreshold = hasNext ? toHundredths(settings.thresholds[tier - 1]) : null;
  return {
    tier,
    r_ratio: rRatio(figures.referralHours, figures.ownHours),
    total_discount_percentage: fromHundredths(discount),
    monthly_savings_euro: fromHundredths(percentOf(figures.ownOriginalMonthlyPrice, discount)),
    next_tier_info: {
      current_tier: tier,
      current_cap: Number(settings.caps[tier - 1]),
      next_tier: hasNext ? ((tier + 1) as Tier) : null,
      next_cap: hasNext ? Number((settings.caps as readonly Decimal[])[tier]) : null,
      next_threshold: nextThreshold === null ? null : fromHundredths(nextThreshold),
      additional_ref_hours_needed:
        nextThreshold === null
          ? 0
          : hoursNeeded(nextThreshold, toHundredths(figures.ownHours), toHundredths(figures.referralHours)),
    },
  };
}

/** Discounted monthly price: original × (1 − discount/100), rounded half-up to cents. */
export function discountedMonthlyPrice(originalMonthlyPrice: Decimal, discountPercent: Decimal): bigint {
  return packageTotal(1, originalMonthlyPrice, discountPercent);
}

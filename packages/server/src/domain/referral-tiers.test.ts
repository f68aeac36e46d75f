import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTier,
  discountedMonthlyPrice,
  type ReferralFigures,
  rRatio,
  DEFAULT_TIER_SETTINGS as S,
  type TierSettings,
  tierFor,
} from './referral-tiers.js';

const figures = (over: Partial<ReferralFigures>): ReferralFigures => ({
  successfulReferrals: 0,
  referralHours: 0,
  ownHours: 10,
  ownOriginalMonthlyPrice: 500,
  ...over,
});

describe('tierFor (defaults 0.5 / 1 / 2 / 3, own hours 10)', () => {
  it.each([
    [0, 1],
    [4.5, 1], // r = 0.45
    [5, 2], // exactly threshold 1
    [9.5, 2],
    [10, 3], // exactly threshold 2
    [19.5, 3],
    [20, 4], // exactly threshold 3
    [29.5, 4],
    [30, 5], // exactly threshold 4
    [100, 5],
  ])('referral hours %s → tier %s', (referral, tier) => {
    expect(tierFor(referral, 10, S.thresholds)).toBe(tier);
  });

  it('decides exactly at a boundary the display ratio would blur (own 3 h, threshold 1/3)', () => {
    const thresholds = [0.33, 1, 2, 3] as const;
    expect(tierFor(0.99, 3, thresholds)).toBe(2); // 0.99/3 = 0.33 exactly
    expect(tierFor(0.98, 3, thresholds)).toBe(1); // 0.3266… below 0.33
  });

  it('counts the ratio as 0 without own hours: tier 1 unless threshold 1 is 0', () => {
    expect(tierFor(40, 0, S.thresholds)).toBe(1);
    expect(tierFor(40, 0, [0, 1, 2, 3])).toBe(2);
  });
});

describe('rRatio', () => {
  it('is referral / own hours, 0 without own hours, rounded half-up to 2 decimals', () => {
    expect(rRatio(15, 10)).toBe(1.5);
    expect(rRatio(10, 0)).toBe(0);
    expect(rRatio(1, 3)).toBe(0.33);
    expect(rRatio(2, 3)).toBe(0.67);
  });
});

describe('computeTier discount and caps', () => {
  it('gives 3 % per successful referral below the cap', () => {
    const result = computeTier(figures({ successfulReferrals: 2, referralHours: 5 }), S);
    expect(result.total_discount_percentage).toBe(6);
    expect(result.monthly_savings_euro).toBe(30); // 500 × 6 %
  });

  it('caps at the tier cap: 10 referrals in tier 1 give 25 %, not 30 %', () => {
    const result = computeTier(figures({ successfulReferrals: 10, referralHours: 0 }), S);
    expect(result.tier).toBe(1);
    expect(result.total_discount_percentage).toBe(25);
    expect(result.monthly_savings_euro).toBe(125);
  });

  it.each([
    [5, 2, 50],
    [10, 3, 80],
    [20, 4, 90],
    [30, 5, 100],
  ])('with referral hours %s (tier %s) 40 referrals are capped at %s %', (hours, tier, cap) => {
    const result = computeTier(figures({ successfulReferrals: 40, referralHours: hours }), S);
    expect(result.tier).toBe(tier);
    expect(result.total_discount_percentage).toBe(cap);
    expect(result.next_tier_info.current_cap).toBe(cap);
  });

  it('is 0 while the programme is inactive', () => {
    const result = computeTier(figures({ successfulReferrals: 5, referralHours: 10 }), { ...S, isActive: false });
    expect(result.total_discount_percentage).toBe(0);
    expect(result.monthly_savings_euro).toBe(0);
    expect(result.tier).toBe(3); // tier display stays meaningful
  });

  it('saves nothing per month without an own subscription', () => {
    const result = computeTier(figures({ successfulReferrals: 1, ownHours: 0, ownOriginalMonthlyPrice: 0 }), S);
    expect(result.total_discount_percentage).toBe(3);
    expect(result.monthly_savings_euro).toBe(0);
  });

  it('rounds savings half-up to cents', () => {
    // 33.35 × 3 % = 1.0005 → 1.00; 16.50 × 3 % = 0.495 → 0.50
    expect(
      computeTier(figures({ successfulReferrals: 1, ownOriginalMonthlyPrice: 33.35 }), S).monthly_savings_euro,
    ).toBe(1);
    expect(
      computeTier(figures({ successfulReferrals: 1, ownOriginalMonthlyPrice: 16.5 }), S).monthly_savings_euro,
    ).toBe(0.5);
  });
});

describe('next_tier_info', () => {
  it('names the next tier, its cap and threshold and the missing referral hours', () => {
    const info = computeTier(figures({ successfulReferrals: 1, referralHours: 2 }), S).next_tier_info;
    expect(info).toEqual({
      current_tier: 1,
      current_cap: 25,
      next_tier: 2,
      next_cap: 50,
      next_threshold: 0.5,
      additional_ref_hours_needed: 3, // 0.5 × 10 − 2
    });
  });

  it('exactly at threshold 2 is tier 3 and counts the hours to threshold 3', () => {
    const info = computeTier(figures({ referralHours: 10 }), S).next_tier_info;
    expect(info.current_tier).toBe(3);
    expect(info.next_threshold).toBe(2);
    expect(info.additional_ref_hours_needed).toBe(10);
  });

  it('has no next tier at tier 5', () => {
    const info = computeTier(figures({ referralHours: 30 }), S).next_tier_info;
    expect(info).toEqual({
      current_tier: 5,
      current_cap: 100,
      next_tier: null,
      next_cap: null,
      next_threshold: null,
      additional_ref_hours_needed: 0,
    });
  });

  it('rounds missing hours up to the next hundredth', () => {
    // threshold 0.33 × own 10.5 = 3.465 h
    const settings: TierSettings = { ...S, thresholds: [0.33, 1, 2, 3] };
    expect(computeTier(figures({ ownHours: 10.5 }), settings).next_tier_info.additional_ref_hours_needed).toBe(3.47);
  });
});

describe('discountedMonthlyPrice', () => {
  it('is original × (1 − discount/100), half-up to cents', () => {
    expect(discountedMonthlyPrice('500', 6)).toBe(47000n);
    expect(discountedMonthlyPrice('333.35', 3)).toBe(32335n); // 323.3495 → 323.35
    expect(discountedMonthlyPrice('500', 100)).toBe(0n);
  });
});

describe('properties', () => {
  const decimal = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);
  const settingsArb = fc
    .record({
      discount: decimal(100),
      active: fc.boolean(),
      thresholds: fc.uniqueArray(decimal(10), { minLength: 4, maxLength: 4 }),
      caps: fc.array(decimal(100), { minLength: 5, maxLength: 5 }),
    })
    .map(
      (r): TierSettings => ({
        defaultDiscountPercentage: r.discount,
        isActive: r.active,
        thresholds: [...r.thresholds].sort((a, b) => a - b) as unknown as TierSettings['thresholds'],
        caps: r.caps as unknown as TierSettings['caps'],
      }),
    );
  const figuresArb = fc.record({
    successfulReferrals: fc.integer({ min: 0, max: 200 }),
    referralHours: decimal(500),
    ownHours: decimal(200),
    ownOriginalMonthlyPrice: decimal(100_000),
  });

  it('the discount never exceeds the tier cap nor 100 %, and savings never exceed the price', () => {
    fc.assert(
      fc.property(settingsArb, figuresArb, (settings, f) => {
        const result = computeTier(f, settings);
        const cap = Number(settings.caps[result.tier - 1]);
        expect(result.total_discount_percentage).toBeLessThanOrEqual(cap);
        expect(result.total_discount_percentage).toBeLessThanOrEqual(100);
        expect(result.total_discount_percentage).toBeGreaterThanOrEqual(0);
        expect(result.monthly_savings_euro).toBeLessThanOrEqual(Number(f.ownOriginalMonthlyPrice));
        if (!settings.isActive) expect(result.total_discount_percentage).toBe(0);
      }),
    );
  });

  it('more referral hours never lower the tier, and reaching the missing hours reaches the next tier', () => {
    fc.assert(
      fc.property(settingsArb, figuresArb, decimal(50), (settings, f, extra) => {
        const before = computeTier(f, settings);
        const more = computeTier({ ...f, referralHours: Number(f.referralHours) + extra }, settings);
        expect(more.tier).toBeGreaterThanOrEqual(before.tier);
        const needed = before.next_tier_info.additional_ref_hours_needed;
        if (before.next_tier_info.next_tier !== null && needed > 0) {
          const reached = tierFor(
            Math.round((Number(f.referralHours) + needed) * 100) / 100,
            f.ownHours,
            settings.thresholds,
          );
          expect(reached).toBeGreaterThan(before.tier);
        }
      }),
    );
  });
});

import { REFERRAL_SETTINGS_DEFAULTS, type ReferralSettings } from '@butler/contract/referrals';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { referralSettings } from '../../db/schema/index.js';
import type { TierSettings } from '../../domain/referral-tiers.js';

type Row = typeof referralSettings.$inferSelect;

/** The single settings row (id 1); before anyone saved settings the SPEC §9 defaults apply. */
export async function loadSettingsRow(db: Executor): Promise<Row | null> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1)).limit(1);
  return row ?? null;
}

export function presentSettings(row: Row | null): ReferralSettings {
  if (!row) return { ...REFERRAL_SETTINGS_DEFAULTS };
  return {
    default_discount_percentage: Number(row.defaultDiscountPercentage),
    is_active: row.isActive,
    r_threshold_1: Number(row.rThreshold1),
    r_threshold_2: Number(row.rThreshold2),
    r_threshold_3: Number(row.rThreshold3),
    r_threshold_4: Number(row.rThreshold4),
    cap_percentage_1: Number(row.capPercentage1),
    cap_percentage_2: Number(row.capPercentage2),
    cap_percentage_3: Number(row.capPercentage3),
    cap_percentage_4: Number(row.capPercentage4),
    cap_percentage_5: Number(row.capPercentage5),
    gift_text: row.giftText,
  };
}

export function toTierSettings(s: ReferralSettings): TierSettings {
  return {
    defaultDiscountPercentage: s.default_discount_percentage,
    isActive: s.is_active,
    thresholds: [s.r_threshold_1, s.r_threshold_2, s.r_threshold_3, s.r_threshold_4],
    caps: [s.cap_percentage_1, s.cap_percentage_2, s.cap_percentage_3, s.cap_percentage_4, s.cap_percentage_5],
  };
}

export async function loadReferralSettings(db: Executor): Promise<ReferralSettings> {
  return presentSettings(await loadSettingsRow(db));
}

/** Writes the whole settings row (insert on first save). */
export async function saveSettings(db: Executor, s: ReferralSettings): Promise<Row> {
  const values = {
    defaultDiscountPercentage: String(s.default_discount_percentage),
    isActive: s.is_active,
    rThreshold1: String(s.r_threshold_1),
    rThreshold2: String(s.r_threshold_2),
    rThreshold3: String(s.r_threshold_3),
    rThreshold4: String(s.r_threshold_4),
    capPercentage1: String(s.cap_percentage_1),
    capPercentage2: String(s.cap_percentage_2),
    capPercentage3: String(s.cap_percentage_3),
    capPercentage4: String(s.cap_percentage_4),
    capPercentage5: String(s.cap_percentage_5),
    giftText: s.gift_text,
  };
  const [row] = await db
    .insert(referralSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: referralSettings.id, set: values })
    .returning();
  return row;
}

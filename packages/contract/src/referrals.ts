import { z } from 'zod';
import { zDate } from './common.js';
import { hasAtMostTwoDecimals, zMoney, zPercent, zPositiveHours } from './decimals.js';
import { zHourPackage, zReferralBonus } from './hour-packages.js';
import {
  capAscendingText,
  capRangeText,
  DISCOUNT_RANGE_TEXT,
  MAX_R_THRESHOLD,
  REFERRAL_GIFT_MAX,
  REFERRAL_GIFT_TEXT,
  REFERRAL_PURCHASE_DEFAULT_HOURS,
  REFERRAL_PURCHASE_DEFAULT_PRICE,
  REFERRAL_SETTINGS_DEFAULTS,
  thresholdAscendingText,
  thresholdMaxText,
  thresholdPositiveText,
} from './referral-rules.js';

export {
  capAscendingText,
  capRangeText,
  DISCOUNT_RANGE_TEXT,
  MAX_R_THRESHOLD,
  REFERRAL_GIFT_MAX,
  REFERRAL_GIFT_TEXT,
  REFERRAL_PURCHASE_DEFAULT_HOURS,
  REFERRAL_PURCHASE_DEFAULT_PRICE,
  REFERRAL_SETTINGS_DEFAULTS,
  thresholdAscendingText,
  thresholdMaxText,
  thresholdPositiveText,
};

const percent = (text: string) =>
  z.number({ error: text }).min(0, text).max(100, text).refine(hasAtMostTwoDecimals, 'Höchstens 2 Nachkommastellen');
const threshold = (n: number) =>
  z
    .number({ error: thresholdPositiveText(n) })
    .min(0, thresholdPositiveText(n))
    .max(MAX_R_THRESHOLD, thresholdMaxText(n))
    .refine(hasAtMostTwoDecimals, 'Höchstens 2 Nachkommastellen');

const settingsShape = {
  default_discount_percentage: percent(DISCOUNT_RANGE_TEXT),
  is_active: z.boolean({ error: 'Bitte geben Sie an, ob das Empfehlungsprogramm aktiv ist' }),
  r_threshold_1: threshold(1),
  r_threshold_2: threshold(2),
  r_threshold_3: threshold(3),
  r_threshold_4: threshold(4),
  cap_percentage_1: percent(capRangeText(1)),
  cap_percentage_2: percent(capRangeText(2)),
  cap_percentage_3: percent(capRangeText(3)),
  cap_percentage_4: percent(capRangeText(4)),
  cap_percentage_5: percent(capRangeText(5)),
};

/** "Geschenk für empfohlene Neukunden" (decision 0760): completes "Deine Freunde bekommen …". */
const zGiftText = z
  .string({ error: 'Bitte geben Sie an, was empfohlene Neukunden bekommen' })
  .trim()
  .min(1, 'Bitte geben Sie an, was empfohlene Neukunden bekommen')
  .max(REFERRAL_GIFT_MAX, `Höchstens ${REFERRAL_GIFT_MAX} Zeichen`);

export const zReferralSettings = z.object({ ...settingsShape, gift_text: z.string() });
export type ReferralSettings = z.infer<typeof zReferralSettings>;

/**
 * PUT body: the whole settings object (the gift text may be left out: it stays as it is).
 * Thresholds must rise strictly (each tier needs a real range of ratios) and caps must not
 * fall (a higher tier never earns less).
 */
export const zReferralSettingsUpdate = z
  .object({ ...settingsShape, gift_text: zGiftText.optional() })
  .superRefine((s, ctx) => {
    const thresholds = [s.r_threshold_1, s.r_threshold_2, s.r_threshold_3, s.r_threshold_4];
    for (let i = 1; i < thresholds.length; i++) {
      if (thresholds[i] <= thresholds[i - 1]) {
        ctx.addIssue({ code: 'custom', path: [`r_threshold_${i + 1}`], message: thresholdAscendingText(i + 1) });
      }
    }
    const caps = [s.cap_percentage_1, s.cap_percentage_2, s.cap_percentage_3, s.cap_percentage_4, s.cap_percentage_5];
    for (let i = 1; i < caps.length; i++) {
      if (caps[i] < caps[i - 1]) {
        ctx.addIssue({ code: 'custom', path: [`cap_percentage_${i + 1}`], message: capAscendingText(i + 1) });
      }
    }
  });
export type ReferralSettingsUpdate = z.input<typeof zReferralSettingsUpdate>;

const zReferralCodeInput = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(20, 'Empfehlungsgeber nicht gefunden');

export const zAddReferralRequest = z.object({
  referral_code: zReferralCodeInput('Bitte wählen Sie einen Empfehlungsgeber aus'),
});

export { zReferralBonus };
export type ReferralBonus = z.infer<typeof zReferralBonus>;

export const zReferrer = z.object({ id: z.number(), name: z.string(), referral_code: z.string() });

export const zAddReferralResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  referred_by_id: z.number(),
  referrer: zReferrer,
  /** Set when the customer had already bought something: the referrer's price changed now. */
  referral_bonus: zReferralBonus.nullable(),
});

export const zNextTierInfo = z.object({
  current_tier: z.number(),
  current_cap: z.number(),
  next_tier: z.number().nullable(),
  next_cap: z.number().nullable(),
  next_threshold: z.number().nullable(),
  additional_ref_hours_needed: z.number(),
});

/**
 * One referred customer as the referrer sees them in the lounge and the data export: the
 * first name and the state of the referral for the referrer's own discount, nothing else of
 * the other person (Art. 15(4) DSGVO; decision 0503).
 */
export const zReferralListItem = z.object({
  first_name: z.string(),
  /** The referral counts towards the referrer's discount. */
  counts_for_discount: z.boolean(),
  discount_percentage: z.number(),
});

/** One referred customer on the staff's Empfehlungen card: who it is and whether they bought something. */
export const zStaffReferralListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  signup_date: z.string(),
  has_purchase: z.boolean(),
  discount_percentage: z.number(),
});

/** SPEC §3 referral_data of the customer dashboard. */
export const zReferralData = z.object({
  referral_count: z.number(),
  total_discount_percentage: z.number(),
  total_referral_savings_euro: z.number(),
  monthly_savings_euro: z.number(),
  r_ratio: z.number(),
  referral_program_enabled: z.boolean(),
  next_tier_info: zNextTierInfo,
  referrals: z.array(zReferralListItem),
});
export type ReferralData = z.infer<typeof zReferralData>;

/** Figures behind referral_data (dashboard referral_stats). */
export const zReferralStats = z.object({
  total_referrals: z.number(),
  successful_referrals: z.number(),
  pending_referrals: z.number(),
  referral_hours: z.number(),
  own_hours: z.number(),
  /** The programme's current discount per successful referral (0 while it is off): the teaser names it. */
  discount_per_referral: z.number(),
  /** What a referred friend gets (the setting, decision 0760). */
  gift_text: z.string(),
});
export type ReferralStats = z.infer<typeof zReferralStats>;

/** GET /api/customers/{id}/referrals: the admin's Empfehlungen card. */
export const zCustomerReferralsResponse = zReferralData.extend({
  customer_id: z.number(),
  referral_code: z.string(),
  referred_by: zReferrer.nullable(),
  referrals: z.array(zStaffReferralListItem),
  referral_stats: zReferralStats,
});
export type CustomerReferralsResponse = z.infer<typeof zCustomerReferralsResponse>;

export const zQrCodeResponse = z.object({
  /** PNG as data URL (`data:image/png;base64,…`), error correction level L, 256 px; it holds `invite_url`. */
  qr_code: z.string(),
  mailto_link: z.string(),
  referral_code: z.string(),
  /** The friend's page: PUBLIC_URL/empfehlung/{CODE} (decision 0760). */
  invite_url: z.string(),
  /** "Per WhatsApp teilen": wa.me with the text and the link, no recipient (the app asks). */
  whatsapp_link: z.string(),
});

/** GET /api/referral-invitation: what the friend's page shows (public, no customer data, decision 0760). */
export const zReferralInvitation = z.object({
  company: z.string(),
  gift_text: z.string(),
  programme_active: z.boolean(),
  contact_email: z.string(),
  contact_phone: z.string(),
});
export type ReferralInvitation = z.infer<typeof zReferralInvitation>;

export const zReferralPurchaseRequest = z.object({
  customer_id: z.number({ error: 'Bitte wählen Sie einen Kunden aus' }).int('Ungültige ID').positive('Ungültige ID'),
  hours: zPositiveHours('Bitte geben Sie die Stunden an', 0.5).default(REFERRAL_PURCHASE_DEFAULT_HOURS),
  price_per_hour: zMoney('Bitte geben Sie den Preis pro Stunde an').default(REFERRAL_PURCHASE_DEFAULT_PRICE),
  referral_code: zReferralCodeInput('Bitte geben Sie einen Empfehlungscode ein'),
  custom_discount_percentage: zPercent.nullish(),
  /** Defaults to today in Vienna. */
  purchase_date: zDate.nullish(),
});
export type ReferralPurchaseRequest = z.input<typeof zReferralPurchaseRequest>;

/** The created gift package, shaped like every hour package, plus the referrer's bonus. */
export const zReferralPurchaseResponse = zHourPackage.extend({ referral_bonus: zReferralBonus.nullable() });

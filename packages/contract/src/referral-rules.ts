/** Referral constants and texts without zod, so the customer lounge can import them cheaply. */
/**
 * Gift for the referred customer (SPEC §1): the default of the setting "Geschenk für
 * empfohlene Neukunden" (decision 0760). It completes sentences like "Deine Freunde bekommen
 * …", so it starts with its article.
 */
export const REFERRAL_GIFT_TEXT = 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung';
export const REFERRAL_GIFT_MAX = 200;

/** SPEC §9 referral defaults; also what reset restores. */
export const REFERRAL_SETTINGS_DEFAULTS = {
  default_discount_percentage: 3,
  is_active: true,
  r_threshold_1: 0.5,
  r_threshold_2: 1,
  r_threshold_3: 2,
  r_threshold_4: 3,
  cap_percentage_1: 25,
  cap_percentage_2: 50,
  cap_percentage_3: 80,
  cap_percentage_4: 90,
  cap_percentage_5: 100,
  gift_text: REFERRAL_GIFT_TEXT,
} as const;

export const REFERRAL_PURCHASE_DEFAULT_HOURS = 2;
export const REFERRAL_PURCHASE_DEFAULT_PRICE = 0;
export const MAX_R_THRESHOLD = 1000;

export const DISCOUNT_RANGE_TEXT = 'Rabatt muss zwischen 0 und 100 Prozent liegen';
export const thresholdPositiveText = (n: number) => `R-Schwellenwert ${n} muss positiv sein`;
export const thresholdAscendingText = (n: number) =>
  `R-Schwellenwert ${n} muss größer als R-Schwellenwert ${n - 1} sein`;
export const thresholdMaxText = (n: number) => `R-Schwellenwert ${n} darf höchstens ${MAX_R_THRESHOLD} sein`;
export const capRangeText = (n: number) => `Rabatt-Cap ${n} muss zwischen 0 und 100 Prozent liegen`;
export const capAscendingText = (n: number) => `Rabatt-Cap ${n} darf nicht kleiner als Rabatt-Cap ${n - 1} sein`;

import { z } from 'zod';
import { zDate } from './common.js';
import { zMoney, zPercent, zPositiveHours } from './decimals.js';
import { zOptionalCustomerId, zPageQuery, zRequiredId, zSearchParam } from './list-query.js';

export const HOUR_PACKAGE_REQUIRED = 'Bitte füllen Sie alle Felder aus';
export const HOUR_PACKAGE_EDIT_REQUIRED = 'Stunden und Preis pro Stunde sind erforderlich';
export const HOUR_PACKAGE_HOURS_STEP = 0.5;
export const DEFAULT_PRICE_PER_HOUR = 50;

const optionalDiscount = zPercent.nullish().transform((v) => v ?? 0);
/** Defaults to today in Vienna on create. */
const optionalPurchaseDate = zDate.nullish().transform((v) => v ?? undefined);

/** POST /api/customers/{id}/hour-packages; total_price and created_by come from the server. */
export const zCustomerHourPackageCreate = z.object({
  hours: zPositiveHours(HOUR_PACKAGE_REQUIRED, HOUR_PACKAGE_HOURS_STEP),
  price_per_hour: zMoney(HOUR_PACKAGE_REQUIRED),
  discount_percentage: optionalDiscount,
  purchase_date: optionalPurchaseDate,
});
export type CustomerHourPackageCreate = z.input<typeof zCustomerHourPackageCreate>;

/**
 * POST /api/hour-packages (Verkaufen dialog). `create_invoice`: "Verkaufen und Rechnung
 * erstellen", the invoice draft is made in the same transaction.
 */
export const zHourPackageCreate = zCustomerHourPackageCreate.extend({
  customer_id: zRequiredId(HOUR_PACKAGE_REQUIRED),
  create_invoice: z.boolean().optional(),
});
export type HourPackageCreate = z.input<typeof zHourPackageCreate>;

/** PUT /api/hour-packages/{id}; an omitted customer or date stays as it was. */
export const zHourPackageUpdate = z.object({
  customer_id: zRequiredId('Kunde nicht gefunden').optional(),
  hours: zPositiveHours(HOUR_PACKAGE_EDIT_REQUIRED, HOUR_PACKAGE_HOURS_STEP),
  price_per_hour: zMoney(HOUR_PACKAGE_EDIT_REQUIRED),
  discount_percentage: zPercent.nullish().transform((v) => (v === null ? 0 : v)),
  purchase_date: optionalPurchaseDate,
});
export type HourPackageUpdate = z.input<typeof zHourPackageUpdate>;

export const zHourPackageListQuery = zPageQuery.extend({ customer_id: zOptionalCustomerId, search: zSearchParam });

export const zHourPackage = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  hours: z.number(),
  price_per_hour: z.number(),
  discount_percentage: z.number(),
  total_price: z.number(),
  purchase_date: z.string(),
  is_referral_discount: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  /** Its live invoice ("verrechnet: 2026-0030"); a draft has no number yet. */
  invoice: z.object({ id: z.number(), invoice_number: z.string().nullable() }).nullable(),
});
export type HourPackage = z.infer<typeof zHourPackage>;

export const zReferralBonus = z.object({ discount_applied: z.number(), referrer_name: z.string() });
export type ReferralBonusInfo = z.infer<typeof zReferralBonus>;

/** A purchase may earn the buyer's referrer a discount (DOMAIN-RULES §5). */
export const zHourPackageCreateResponse = zHourPackage.extend({ referral_bonus: zReferralBonus.optional() });

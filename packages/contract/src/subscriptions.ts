import { z } from 'zod';
import { zDate } from './common.js';
import { zPositiveHours } from './decimals.js';
import { zReferralBonus } from './hour-packages.js';
import { zOptionalCustomerId, zPageQuery, zRequiredId, zSearchParam } from './list-query.js';

export const SUBSCRIPTION_REQUIRED = 'Bitte füllen Sie alle Pflichtfelder aus';
export const SUBSCRIPTION_TEMPLATE_REQUIRED = 'Bitte wählen Sie ein Butler-Paket aus';
export const SUBSCRIPTION_EDIT_REQUIRED = 'Butler-Paket, monatliche Stunden und Startdatum sind erforderlich';
export const SUBSCRIPTION_HOURS_STEP = 0.5;
/** Shown when a subscription has no template name (SPEC §3). */
export const INDIVIDUAL_TEMPLATE_NAME = 'Individuell';
export const SUBSCRIPTION_STATUSES = ['active', 'expired'] as const;

const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(zDate);
const zTrips = z
  .number()
  .int('Die Fahrten müssen eine ganze Zahl sein')
  .min(0, 'Die Fahrten dürfen nicht negativ sein')
  .max(1000)
  .nullish();
const zAgreements = z
  .string()
  .max(20_000)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v?.trim() || null));

/**
 * POST /api/subscriptions. Duration, prices, end date and template name come from the
 * server (template × monthly hours); monthly_trips defaults to the template's.
 * Field order matters: the first failing field's text is the answer's `error`.
 */
/** Abrechnung of a ButlerPaket (decision 0581). */
export const BILLING_INTERVALS = ['monthly', 'quarterly', 'yearly', 'term'] as const;
export const BILLING_INTERVAL_LABELS: Record<(typeof BILLING_INTERVALS)[number], string> = {
  monthly: 'monatlich im Voraus',
  quarterly: 'quartalsweise im Voraus',
  yearly: 'jährlich im Voraus',
  term: 'gesamte Laufzeit zu Beginn',
};
export const SUBSCRIPTION_PAYMENT_METHODS = ['ueberweisung', 'lastschrift'] as const;
export const SUBSCRIPTION_PAYMENT_METHOD_LABELS: Record<(typeof SUBSCRIPTION_PAYMENT_METHODS)[number], string> = {
  ueberweisung: 'Überweisung',
  lastschrift: 'SEPA-Lastschrift',
};
const zBillingInterval = z.enum(BILLING_INTERVALS, { error: 'Bitte wählen Sie eine Abrechnung' });
const zSubscriptionPaymentMethod = z.enum(SUBSCRIPTION_PAYMENT_METHODS, { error: 'Bitte wählen Sie eine Zahlungsart' });

export const zSubscriptionCreate = z.object({
  customer_id: zRequiredId(SUBSCRIPTION_REQUIRED),
  monthly_hours: zPositiveHours(SUBSCRIPTION_REQUIRED, SUBSCRIPTION_HOURS_STEP),
  start_date: requiredDate(SUBSCRIPTION_REQUIRED),
  template_id: zRequiredId(SUBSCRIPTION_TEMPLATE_REQUIRED),
  monthly_trips: zTrips,
  agreements: zAgreements,
  is_active: z.boolean().default(true),
  billing_interval: zBillingInterval.default('monthly'),
  payment_method: zSubscriptionPaymentMethod.default('ueberweisung'),
  auto_renew: z.boolean().default(false),
});
export type SubscriptionCreate = z.input<typeof zSubscriptionCreate>;

/** PUT /api/subscriptions/{id}; the customer cannot change. */
export const zSubscriptionUpdate = z.object({
  template_id: zRequiredId(SUBSCRIPTION_EDIT_REQUIRED),
  monthly_hours: zPositiveHours(SUBSCRIPTION_EDIT_REQUIRED, SUBSCRIPTION_HOURS_STEP),
  start_date: requiredDate(SUBSCRIPTION_EDIT_REQUIRED),
  monthly_trips: zTrips,
  agreements: zAgreements,
  is_active: z.boolean().optional(),
  billing_interval: zBillingInterval.optional(),
  payment_method: zSubscriptionPaymentMethod.optional(),
  auto_renew: z.boolean().optional(),
});
export type SubscriptionUpdate = z.input<typeof zSubscriptionUpdate>;

export const zSubscriptionListQuery = zPageQuery.extend({ customer_id: zOptionalCustomerId, search: zSearchParam });

export const zSubscription = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  duration_months: z.number(),
  monthly_hours: z.number(),
  monthly_price: z.number(),
  original_monthly_price: z.number(),
  has_referral_discount: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  monthly_trips: z.number().nullable(),
  agreements: z.string().nullable(),
  is_active: z.boolean(),
  billing_interval: zBillingInterval,
  payment_method: zSubscriptionPaymentMethod,
  auto_renew: z.boolean(),
  /** The ButlerPaket this one renews, and the one that renews it (Verlängern). */
  renewed_from_id: z.number().nullable(),
  /** active while is_active and today ≤ end_date (Vienna), else expired (shown Aktiv/Abgelaufen). */
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The term contains today. */
  is_current: z.boolean(),
  total_balance: z.number(),
  total_hours_over_lifetime: z.number(),
  total_hours_used_over_lifetime: z.number(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof zSubscription>;

export const zSubscriptionCreateResponse = zSubscription.extend({ referral_bonus: zReferralBonus.optional() });
export type SubscriptionCreateResponse = z.infer<typeof zSubscriptionCreateResponse>;

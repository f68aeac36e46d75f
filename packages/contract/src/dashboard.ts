import { z } from 'zod';
import { zLowBalance } from './balance-alerts.js';
import { zId } from './common.js';
import { zPageQuery } from './list-query.js';
import { zOrderRef } from './orders.js';
import { zReferralData, zReferralStats } from './referrals.js';
import { zUsableHours } from './usable-hours.js';

/**
 * Customer-facing hour accounting: the customer dashboard, the subscription answer,
 * the subscription history and the deduction lists (SPEC §3, DOMAIN-RULES §4).
 * Hours are JSON numbers with two decimals; dates `YYYY-MM-DD`.
 */

const hours = z.number();
const date = z.string();

/** The current subscription with the figures of the period containing today. */
export const zCurrentSubscription = z.object({
  id: z.number(),
  template_name: z.string().nullable(),
  monthly_hours: hours,
  duration_months: z.number(),
  start_date: date,
  end_date: date,
  current_period_start: date,
  current_period_end: date,
  current_month_hours_used: hours,
  current_month_hours_remaining: hours,
  /** Sum of the balances of all started periods (carry-over and overuse). */
  total_balance: hours,
});
export type CurrentSubscription = z.infer<typeof zCurrentSubscription>;

/**
 * "Reicht voraussichtlich bis ca. {until}" at the booking rate of the last 90 days
 * (decision 0325); null when there is too little history or nothing left.
 */
export const zForecast = z.object({
  until: date,
  /** The hours outlast the ButlerPaket's term: `until` is its end date. */
  until_term_end: z.boolean(),
});
export type Forecast = z.infer<typeof zForecast>;

export const zCustomerSubscriptionResponse = z.object({
  subscription: zCurrentSubscription.nullable(),
  forecast: zForecast.nullable(),
  usable_hours: zUsableHours,
});
export type CustomerSubscriptionResponse = z.infer<typeof zCustomerSubscriptionResponse>;

/** Prices are null for staff who may not see prices (a Butler, decision 0540); customers always get them. */
const price = z.number().nullable();

/** One of the customer's subscriptions with its lifetime figures. */
export const zSubscriptionWithBalance = z.object({
  id: z.number(),
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  duration_months: z.number(),
  monthly_hours: hours,
  monthly_price: price,
  original_monthly_price: price,
  has_referral_discount: z.boolean(),
  start_date: date,
  end_date: date,
  monthly_trips: z.number().nullable(),
  agreements: z.string().nullable(),
  is_active: z.boolean(),
  total_balance: hours,
  total_hours_over_lifetime: hours,
  total_hours_used_over_lifetime: hours,
});
export type SubscriptionWithBalance = z.infer<typeof zSubscriptionWithBalance>;

/** A time entry as a deduction (hours positive; screens show them negative). */
export const zDeduction = z.object({
  id: z.number(),
  activity_description: z.string(),
  work_date: date,
  hours,
  created_by: z.string(),
  project_id: z.number(),
  project_name: z.string(),
  /** The Auftrag the entry was booked on (decision 0810), or null. */
  order: zOrderRef.nullable(),
});
export type Deduction = z.infer<typeof zDeduction>;

export const zRecentTimeEntry = zDeduction.extend({
  billing_type: z.enum(['abos', 'stundenpakete']),
  is_billable: z.boolean(),
});

export const zDashboardHourPackage = z.object({
  id: z.number(),
  hours,
  price_per_hour: price,
  discount_percentage: price,
  total_price: price,
  purchase_date: date,
  is_referral_discount: z.boolean(),
  created_by: z.string(),
});

/** Provider contact for the 'Mein BUTLER' dialog (empty strings when not configured). */
export const zProviderContact = z.object({
  company_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  whatsapp_number: z.string(),
});

export const zCustomerDashboard = z.object({
  customer: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    birthdate: date,
  }),
  subscription: zCurrentSubscription.nullable(),
  subscriptions: z.array(zSubscriptionWithBalance),
  hour_packages: z.array(zDashboardHourPackage),
  projects: z.array(z.object({ id: z.number(), name: z.string(), description: z.string().nullable() })),
  /** The 5 newest entries of any billing type; time_entries_count counts all. */
  recent_time_entries: z.array(zRecentTimeEntry),
  time_entries_count: z.number(),
  /** The 5 newest `abos` entries; the count tells the screen whether to offer 'Alle anzeigen'. */
  subscription_deductions: z.array(zDeduction),
  subscription_deductions_count: z.number(),
  hour_package_deductions: z.array(zDeduction),
  hour_package_deductions_count: z.number(),
  total_hours_purchased: hours,
  total_hours_used: hours,
  /** purchased − used; negative means the customer is in Minus. */
  remaining_hours: hours,
  /** Owned by the referral module (contract/referrals.ts); null for staff who may not see prices. */
  referral_data: zReferralData.nullable(),
  referral_stats: zReferralStats.nullable(),
  contact: zProviderContact,
  /** The one hours figure and its parts (decision 0742): what every ring, line and banner shows. */
  usable_hours: zUsableHours,
  /** Set while the usable hours are at most their reserve (the lounge's calm banner). */
  low_balance: zLowBalance.nullable(),
  /** Beside each ring: how long the ButlerPaket (with carry-over) and the Stundenpakete last. */
  forecast: z.object({ subscription: zForecast.nullable(), packages: zForecast.nullable() }),
  /** The current ButlerPaket ends within 30 days and no following one exists (a friendly note). */
  subscription_ending: z.object({ end_date: date, days_left: z.number() }).nullable(),
});
export type CustomerDashboard = z.infer<typeof zCustomerDashboard>;

export const zSubscriptionHistoryRow = z.object({
  /** `YYYY-MM` of the period's first day. */
  month: z.string(),
  month_display: z.string(),
  period_start: date,
  period_end: date,
  allocated_hours: hours,
  used_hours: hours,
  balance: hours,
  /** Fahrten done in the calendar month named by `month`, against the ButlerPaket's (null: it counts none; decision 0840). */
  trips_used: z.number(),
  trips_allotted: z.number().nullable(),
});
export const zSubscriptionHistory = z.object({
  total_balance: hours,
  subscription: z.object({
    id: z.number(),
    customer_id: z.number(),
    template_name: z.string().nullable(),
    duration_months: z.number(),
    monthly_hours: hours,
    start_date: date,
    end_date: date,
  }),
  /** Started periods, newest first. */
  history: z.array(zSubscriptionHistoryRow),
});
export type SubscriptionHistory = z.infer<typeof zSubscriptionHistory>;

export const BILLING_TYPES = ['abos', 'stundenpakete'] as const;

/** Deduction lists page like every growing list (list-query.ts); the count is in the body. */
export const zDeductionsQuery = zPageQuery.extend({
  billing_type: z.enum(BILLING_TYPES, { error: 'Ungültige Abrechnungsart (abos oder stundenpakete)' }),
});
export type DeductionsQuery = z.infer<typeof zDeductionsQuery>;

/** Gauge of the subscription deduction screen: the current period of the current subscription. */
export const zSubscriptionGauge = z.object({
  has_subscription: z.boolean(),
  monthly_hours: hours,
  used_hours: hours,
  remaining_hours: hours,
});
/** Gauge of the hour-package deduction screen: all packages together. */
export const zPackageGauge = z.object({ purchased_hours: hours, used_hours: hours, remaining_hours: hours });

export const zDeductionsResponse = z.object({
  customer: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  billing_type: z.enum(BILLING_TYPES),
  /** Set for billing_type abos. */
  subscription_gauge: zSubscriptionGauge.nullable(),
  /** Set for billing_type stundenpakete. */
  package_gauge: zPackageGauge.nullable(),
  /** What the gauge shows as left: the one hours figure (decision 0742). */
  usable_hours: zUsableHours,
  /** Newest first. */
  entries: z.array(zDeduction),
  total_count: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type DeductionsResponse = z.infer<typeof zDeductionsResponse>;

export const zSubscriptionIdParams = z.object({ id: zId });

import { z } from 'zod';
import { zDate, zRequiredText } from './common.js';

/** "Nächste Abrechnungen", skipped periods, "verrechnet" links and renewal (decision 0581). */

export const zUpcomingBilling = z.object({
  subscription_id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  package_name: z.string(),
  billing_interval: z.enum(['monthly', 'quarterly', 'yearly', 'term']),
  period_start: z.string(),
  period_end: z.string(),
  label: z.string(),
  amount_net: z.number(),
  /** Started on or before today and not billed yet: "Jetzt abrechnen" bills it now (decision 0757). */
  due: z.boolean(),
});
export type UpcomingBilling = z.infer<typeof zUpcomingBilling>;

/** "Jetzt abrechnen": the period's invoice now, the one the daily job would make (decision 0757). */
export const zBillPeriodInput = z.object({ period_start: zDate });
export const zBillPeriodResult = z.object({
  invoice_id: z.number(),
  /** 'draft' to check and send; 'sent' when "ButlerPaket-Rechnungen" is set to send them at once. */
  status: z.enum(['draft', 'sent']),
});
export type BillPeriodResult = z.infer<typeof zBillPeriodResult>;

export const zSkipPeriodInput = z.object({
  period_start: zDate,
  reason: zRequiredText('Bitte geben Sie einen Grund an', 500),
});

export const zBillingMonth = z.object({
  month: z.string(),
  /** First day of the billing period (month, quarter, year or term) the month belongs to. */
  period_start: z.string(),
  /** "Diesen Zeitraum aussetzen" is offered on the period's first month while it is open and billed automatically. */
  skippable: z.boolean(),
  state: z.enum(['invoiced', 'skipped', 'released', 'open']),
  reason: z.string().nullable(),
  invoice_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
});

export const zSubscriptionBilling = z.object({
  subscription_id: z.number(),
  billing_starts_on: z.string(),
  months: z.array(zBillingMonth),
});
export type SubscriptionBilling = z.infer<typeof zSubscriptionBilling>;

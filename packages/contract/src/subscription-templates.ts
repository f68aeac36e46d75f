import { z } from 'zod';
import { zMoney } from './decimals.js';

export const TEMPLATE_REQUIRED = 'Bitte füllen Sie alle Pflichtfelder aus';

export const zSubscriptionTemplateInput = z.object({
  name: z.string({ error: TEMPLATE_REQUIRED }).trim().min(1, TEMPLATE_REQUIRED).max(200),
  duration_months: z
    .number({ error: TEMPLATE_REQUIRED })
    .int('Die Laufzeit muss eine ganze Zahl von Monaten sein')
    .min(1, 'Die Laufzeit muss zwischen 1 und 120 Monaten liegen')
    .max(120, 'Die Laufzeit muss zwischen 1 und 120 Monaten liegen'),
  price_per_hour: zMoney(TEMPLATE_REQUIRED),
  monthly_trips: z
    .number()
    .int('Die Fahrten müssen eine ganze Zahl sein')
    .min(0, 'Die Fahrten dürfen nicht negativ sein')
    .max(1000)
    .nullish()
    .transform((v) => v ?? null),
  /** Offered in the lounge's "Paket ändern" (decision 0851). */
  offered_in_lounge: z.boolean({ error: 'Ungültiger Wert' }).default(true),
});
export type SubscriptionTemplateInput = z.input<typeof zSubscriptionTemplateInput>;

export const zSubscriptionTemplate = z.object({
  id: z.number(),
  name: z.string(),
  duration_months: z.number(),
  price_per_hour: z.number(),
  monthly_trips: z.number().nullable(),
  offered_in_lounge: z.boolean(),
  created_at: z.string(),
});
export type SubscriptionTemplate = z.infer<typeof zSubscriptionTemplate>;

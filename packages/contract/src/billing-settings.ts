import { z } from 'zod';
import { zDate, zId, zRequiredText } from './common.js';
import { zMoney } from './quickbill.js';

/** Billing automation (decisions 0581 and 0582): subscription invoices, reminder levels, default interest, Mahnsperre. */

export const zReminderLevel = z.object({
  level: z.number().int().min(1).max(3),
  days: z.coerce
    .number({ error: 'Bitte geben Sie die Tage an' })
    .int('Bitte ganze Tage angeben')
    .min(1, 'Mindestens 1 Tag')
    .max(365, 'Höchstens 365 Tage'),
  fee: zMoney.refine((v) => v >= 0 && v <= 1000, 'Die Gebühr muss zwischen 0 und 1.000 € liegen'),
  text: zRequiredText('Bitte geben Sie den Text an', 2000),
});

export const zBillingSettings = z.object({
  subscription_invoice_mode: z.enum(['draft', 'send'], { error: 'Unbekannte Einstellung' }),
  automatic_reminders: z.boolean(),
  default_interest: z.boolean(),
  base_rate: z.coerce
    .number({ error: 'Bitte geben Sie den Basiszinssatz an' })
    .min(-10, 'Der Basiszinssatz muss zwischen -10 und 30\u00a0% liegen')
    .max(30, 'Der Basiszinssatz muss zwischen -10 und 30\u00a0% liegen'),
  base_rate_since: zDate,
  renewal_notice_days: z.coerce.number().int().min(1, 'Mindestens 1 Tag').max(180, 'Höchstens 180 Tage'),
  levels: z
    .array(zReminderLevel)
    .length(3, 'Es gibt genau drei Mahnstufen')
    .refine((l) => l.map((x) => x.level).join() === '1,2,3', 'Die Mahnstufen müssen 1, 2 und 3 sein'),
});
export type BillingSettings = z.infer<typeof zBillingSettings>;

export const zDunningBlockInput = z.object({
  reason: zRequiredText('Bitte geben Sie einen Grund an', 500),
  until: zDate,
});

export const zDunningBlock = z.object({
  id: z.number(),
  invoice_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  reason: z.string(),
  until: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type DunningBlock = z.infer<typeof zDunningBlock>;

export const zDunningBlockQuery = z.object({ invoice_id: zId.optional(), customer_id: zId.optional() });

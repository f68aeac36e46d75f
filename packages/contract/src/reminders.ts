import { z } from 'zod';

/**
 * The next reminder of an overdue invoice, as the confirmation names it (decision 0770):
 * which level, from when the configured days make it due, its fee and the new deadline.
 */
export const zNextReminder = z.object({
  invoice_id: z.number(),
  level: z.number(),
  label: z.string(),
  /** First day the configured days allow this level. */
  due_on: z.string(),
  is_due: z.boolean(),
  /** The configured days of this level and what they count from ("Fälligkeit", "Zahlungserinnerung vom 01.12.2026"). */
  days: z.number(),
  counted_from: z.string(),
  /** This level's fee and all fees the letter charges (this and the earlier levels). */
  fee: z.number(),
  fees_total: z.number(),
  open_amount: z.number(),
  pay_by: z.string(),
  /** Until when a Mahnsperre (invoice or customer) holds, or null. */
  blocked_until: z.string().nullable(),
});
export type NextReminder = z.infer<typeof zNextReminder>;

/** One invoice of "Fällige Mahnungen senden": the run's own rules say it is due today. */
export const zDueReminder = zNextReminder.extend({
  invoice_number: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  days_overdue: z.number(),
});
export type DueReminder = z.infer<typeof zDueReminder>;

export const zDueReminders = z.object({
  items: z.array(zDueReminder),
  /** Overdue invoices whose next level is due but held by a Mahnsperre (not sent). */
  blocked: z.number(),
});
export type DueReminders = z.infer<typeof zDueReminders>;

export const zSendReminderInput = z
  .object({
    /** The level the person saw; a different next level (sent meanwhile) is a 409. */
    level: z.number().int().min(1).max(3).optional(),
    /** Send before the configured days have passed (the person confirmed the warning). */
    early: z.boolean().optional(),
  })
  .strict();
export type SendReminderInput = z.infer<typeof zSendReminderInput>;

export const zSendDueReminderInput = z
  .object({ invoice_id: z.number().int().positive(), level: z.number().int().min(1).max(3) })
  .strict();

export const zSendDueReminderResult = z.object({
  sent: z.boolean(),
  level: z.number(),
  label: z.string(),
  /** Why nothing was sent (paid meanwhile, Mahnsperre, already sent), in German. */
  reason: z.string().nullable(),
});

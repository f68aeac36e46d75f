import { z } from 'zod';
import { zUsableHours } from './usable-hours.js';

/**
 * A staff member's own day (decision 0743): "Meine Stunden" (what they booked this week and
 * this month, by day and by customer) and "Meine Kunden" (the customers they look after, with
 * their address and the one hours figure). No company figures: those are the Übersicht's.
 */

const hours = z.number();

export const zMyHoursSpan = z.object({
  from: z.string(),
  to: z.string(),
  total: hours,
  /** Each day of the span that has bookings (the week: every day Monday to Sunday), oldest first. */
  days: z.array(z.object({ date: z.string(), hours })),
  /** By customer, most hours first; customers one no longer looks after are summed as `customer_id` null. */
  customers: z.array(z.object({ customer_id: z.number().nullable(), name: z.string(), hours })),
});
export type MyHoursSpan = z.infer<typeof zMyHoursSpan>;

export const zMyHours = z.object({ week: zMyHoursSpan, month: zMyHoursSpan });
export type MyHours = z.infer<typeof zMyHours>;

/** The name standing for customers one no longer looks after (their names are not one's to see). */
export const OTHER_CUSTOMERS = 'Weitere Kunden';

export const zMyCustomer = z.object({
  id: z.number(),
  name: z.string(),
  /** "Mariahilfer Straße 12, 1070 Wien", null without an address. */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  usable_hours: zUsableHours,
});
export type MyCustomer = z.infer<typeof zMyCustomer>;

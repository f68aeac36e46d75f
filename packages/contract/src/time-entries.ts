import { z } from 'zod';
import { zDate, zId } from './common.js';
import { isMultipleOf } from './decimals.js';
import { zOptionalCustomerId, zPageQuery, zRequiredId } from './list-query.js';
import { zOrderRef } from './orders.js';

export const BILLING_TYPES = ['abos', 'stundenpakete'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const TIME_ENTRY_REQUIRED = 'Bitte füllen Sie alle Pflichtfelder aus';

/** Multiples of 0.25, never 0; negative hours are corrections (DOMAIN-RULES §4). */
export const zEntryHours = z
  .number({ error: TIME_ENTRY_REQUIRED })
  .min(-1000, 'Höchstens 1.000 Stunden')
  .max(1000, 'Höchstens 1.000 Stunden')
  .refine((v) => v !== 0, 'Die Stunden dürfen nicht 0 sein')
  .refine((v) => isMultipleOf(v, 0.25), 'Die Stunden müssen ein Vielfaches von 0,25 sein');

const zActivity = z.string({ error: TIME_ENTRY_REQUIRED }).trim().min(1, TIME_ENTRY_REQUIRED).max(5000);
const zWorkDate = z.string({ error: TIME_ENTRY_REQUIRED }).min(1, TIME_ENTRY_REQUIRED).pipe(zDate);

/**
 * Either billing_type or deducted_from_subscription may be sent (abos ⇔ true); when both
 * are sent they must agree. Neither means abos (the form's default).
 */
const billingFields = {
  billing_type: z.enum(BILLING_TYPES, { error: 'Ungültige Abrechnungsart' }).optional(),
  deducted_from_subscription: z.boolean({ error: 'Ungültiger Wert' }).optional(),
  is_billable: z.boolean({ error: 'Ungültiger Wert' }).optional(),
};

/** POST /api/customers/{customerId}/time-entries; created_by comes from the session. */
export const zTimeEntryCreate = z
  .object({
    customer_id: z.coerce.number().int().positive().optional(),
    project_id: zRequiredId(TIME_ENTRY_REQUIRED).optional(),
    /** Instead of project_id: creates this project for the customer in the same transaction (decision 0642). */
    new_project_name: z
      .string({ error: 'Bitte geben Sie einen Projektnamen ein' })
      .trim()
      .min(1, 'Bitte geben Sie einen Projektnamen ein')
      .max(200, 'Höchstens 200 Zeichen')
      .optional(),
    /** The hours come from the staff member's stopped timer: booking removes it (decision 0640). */
    from_timer: z.boolean({ error: 'Ungültiger Wert' }).optional(),
    /** The Auftrag the time was spent on (decision 0810): the customer's own, open one. */
    order_id: zId.nullable().optional(),
    /**
     * The booking device's key (decision 0860): the same staff member sending the same key again
     * gets the first entry back (200) instead of a second one.
     */
    client_key: z
      .string({ error: 'Der Schlüssel des Eintrags ist ungültig' })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Der Schlüssel des Eintrags ist ungültig')
      .optional(),
    hours: zEntryHours,
    activity_description: zActivity,
    work_date: zWorkDate,
    ...billingFields,
  })
  .superRefine((v, ctx) => {
    if (v.project_id === undefined && v.new_project_name === undefined)
      ctx.addIssue({ code: 'custom', path: ['project_id'], message: TIME_ENTRY_REQUIRED });
    if (v.project_id !== undefined && v.new_project_name !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['new_project_name'],
        message: 'Entweder ein Projekt wählen oder ein neues anlegen',
      });
  });
export type TimeEntryCreate = z.input<typeof zTimeEntryCreate>;

/** PUT /api/time-entries/{id}: date, hours and activity required; project optional (stays). */
export const zTimeEntryUpdate = z.object({
  project_id: zRequiredId('Projekt nicht gefunden').optional(),
  /** Absent: stays; null: no Auftrag any more. */
  order_id: zId.nullable().optional(),
  hours: zEntryHours,
  activity_description: zActivity,
  work_date: zWorkDate,
  ...billingFields,
});
export type TimeEntryUpdate = z.input<typeof zTimeEntryUpdate>;

export const zTimeEntryListQuery = zPageQuery.extend({
  customer_id: zOptionalCustomerId,
  billing_type: z.enum(BILLING_TYPES, { error: 'Ungültige Abrechnungsart' }).optional(),
});

export const zTimeEntry = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  project_id: z.number(),
  project_name: z.string(),
  hours: z.number(),
  activity_description: z.string(),
  work_date: z.string(),
  created_by: z.string(),
  is_billable: z.boolean(),
  billing_type: z.enum(BILLING_TYPES),
  deducted_from_subscription: z.boolean(),
  invoice_id: z.number().nullable(),
  order_id: z.number().nullable(),
  order: zOrderRef.nullable(),
  created_at: z.string(),
});
export type TimeEntry = z.infer<typeof zTimeEntry>;

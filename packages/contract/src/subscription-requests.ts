import { z } from 'zod';
import { zId } from './common.js';
import { zPositiveHours } from './decimals.js';
import { zOptionalCustomerId } from './list-query.js';
import {
  PACKAGE_CHANGE_NEUTRAL,
  PACKAGE_REQUEST_KINDS,
  PACKAGE_REQUEST_NOTE_CHARS,
  PACKAGE_REQUEST_STATES,
} from './package-change-texts.js';
import { SUBSCRIPTION_HOURS_STEP } from './subscriptions.js';

/** Wishes for a ButlerPaket from the lounge: "Paket ändern" and "Verlängern" (decision 0851). */

const zNote = (message?: string) =>
  z
    .string({ error: 'Ungültiger Text' })
    .trim()
    .max(PACKAGE_REQUEST_NOTE_CHARS, `Höchstens ${PACKAGE_REQUEST_NOTE_CHARS} Zeichen`)
    .refine((v) => !message || v.length > 0, message ?? '');

/** The same bounds as the staff's ButlerPaket form (more than 0, at most 10.000, steps of 0,5 h). */
const zHours = zPositiveHours(PACKAGE_CHANGE_NEUTRAL.hoursMissing, SUBSCRIPTION_HOURS_STEP);

/** GET …/package-change/quote: the price and term a change would have. */
export const zPackageQuoteQuery = z.object({
  template_id: zId,
  monthly_hours: z.coerce.number({ error: PACKAGE_CHANGE_NEUTRAL.hoursMissing }).pipe(zHours),
});

/** POST /api/customers/{customerId}/package-change: the customer's wish. */
export const zPackageRequestCreate = z.object({
  kind: z.enum(PACKAGE_REQUEST_KINDS, { error: 'Bitte wählen: Paket ändern oder verlängern' }),
  template_id: z.number({ error: PACKAGE_CHANGE_NEUTRAL.templateMissing }).int().positive().optional(),
  monthly_hours: zHours.optional(),
  message: zNote().default(''),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});
export type PackageRequestCreate = z.input<typeof zPackageRequestCreate>;

/** POST /api/subscription-requests/{id}/accept: an optional note to the customer. */
export const zPackageRequestAccept = z.object({ note: zNote().default('') });
/** POST /api/subscription-requests/{id}/decline: the customer learns why. */
export const zPackageRequestDecline = z.object({
  note: zNote('Bitte schreiben Sie dem Kunden, warum der Wunsch abgelehnt wird'),
});

export const zPackageRequest = z.object({
  id: z.number(),
  subscription_id: z.number(),
  customer_id: z.number(),
  kind: z.enum(PACKAGE_REQUEST_KINDS),
  state: z.enum(PACKAGE_REQUEST_STATES),
  template_id: z.number().nullable(),
  template_name: z.string(),
  monthly_hours: z.number(),
  monthly_price: z.number(),
  effective_from: z.string(),
  end_date: z.string(),
  message: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  answered_by: z.string().nullable(),
  answer_note: z.string().nullable(),
  result_subscription_id: z.number().nullable(),
});
export type PackageRequest = z.infer<typeof zPackageRequest>;

/** The ButlerPaket a wish is about, as it runs now. */
/** The hours a change lets lapse and the running ButlerPaket's last day (decision 0851). */
const zLapse = z.object({ hours: z.number(), until: z.string() });

const zCurrentPackage = z.object({
  id: z.number(),
  template_id: z.number().nullable(),
  template_name: z.string(),
  monthly_hours: z.number(),
  monthly_price: z.number(),
  start_date: z.string(),
  end_date: z.string(),
});

/** Staff: the wish with its customer and the ButlerPaket as it runs now. */
export const zStaffPackageRequest = zPackageRequest.extend({
  customer_name: z.string(),
  current: zCurrentPackage,
  /** For an open change: the hours the running ButlerPaket has left today, which accepting lets lapse. */
  lapse: zLapse.nullable(),
});
export type StaffPackageRequest = z.infer<typeof zStaffPackageRequest>;
export const zStaffPackageRequestsQuery = z.object({ customer_id: zOptionalCustomerId });

/** A change's figures as today's price and period rules give them. */
export const zPackageQuote = z.object({
  template_id: z.number(),
  template_name: z.string(),
  monthly_hours: z.number(),
  monthly_price: z.number(),
  original_monthly_price: z.number(),
  has_referral_discount: z.boolean(),
  effective_from: z.string(),
  end_date: z.string(),
  duration_months: z.number(),
  /** The price per month as the invoice states it: with 20 % USt., or as net for a Kleinunternehmer. */
  monthly_price_gross: z.number(),
  /** 20, or null for a Kleinunternehmer (no USt.). */
  tax_rate: z.number().nullable(),
  /**
   * Hours the running ButlerPaket has left today when the change ends it with this period:
   * they do not pass into the changed one (balances belong to one ButlerPaket, DOMAIN-RULES §4).
   */
  lapse: zLapse.nullable(),
});
export type PackageQuote = z.infer<typeof zPackageQuote>;

/** GET /api/customers/{customerId}/package-change: what the lounge's ButlerPaket card offers. */
export const zPackageChangeOptions = z.object({
  subscription: zCurrentPackage.nullable(),
  templates: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      duration_months: z.number(),
      price_per_hour: z.number(),
      monthly_trips: z.number().nullable(),
    }),
  ),
  hours_step: z.number(),
  /** "Paket ändern": possible from `effective_from`, or why not. */
  change: z.object({ possible: z.boolean(), reason: z.string().nullable(), effective_from: z.string().nullable() }),
  /** "Verlängern": the term it would give on the terms of the ButlerPaket it follows, or why not. */
  renew: z.object({
    possible: z.boolean(),
    reason: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    template_name: z.string().nullable(),
    monthly_hours: z.number().nullable(),
    monthly_price: z.number().nullable(),
  }),
  open: zPackageRequest.nullable(),
  /** The newest answered wish (accepted or declined) of the last 60 days, for the lounge's note. */
  last_answer: zPackageRequest.nullable(),
});
export type PackageChangeOptions = z.infer<typeof zPackageChangeOptions>;

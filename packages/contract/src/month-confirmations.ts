import { z } from 'zod';
import { zId } from './common.js';
import { MONTH_STATES, QUESTION_MAX_CHARS, QUESTION_STATES } from './month-confirmation-texts.js';
import { zTimeEntry } from './time-entries.js';

export {
  MONTH_STATE_LABELS,
  MONTH_STATES,
  type MonthState,
  QUESTION_MAX_CHARS,
  QUESTION_STATE_LABELS,
  QUESTION_STATES,
  type QuestionState,
} from './month-confirmation-texts.js';

/**
 * Monatsfreigabe (decision 0852): after a month ends (Europe/Vienna) the customer confirms its
 * time entries in the lounge or asks about single entries (Rückfrage); the Inhaber decides
 * whether that is off, optional, or required before the month's hour invoices are issued.
 */

export const MONTH_CONFIRMATION_MODES = ['off', 'optional', 'required'] as const;
export type MonthConfirmationMode = (typeof MONTH_CONFIRMATION_MODES)[number];
export const MONTH_CONFIRMATION_MODE_LABELS: Record<MonthConfirmationMode, string> = {
  off: 'Aus',
  optional: 'Freiwillig: Kunden können bestätigen oder nachfragen',
  required: 'Pflicht vor der Stundenrechnung des Monats',
};

/** Days after the month (or the last answer) until a month without an open Rückfrage counts as confirmed. */
export const AUTO_CONFIRM_DAYS = { min: 3, max: 60, default: 14 } as const;
/** How far the first month of the Monatsfreigabe may lie before or after today's month. */
export const STARTS_MONTH_RANGE = 12;
/** Months the lounge and the customer page list, newest first. */
export const MONTHS_LISTED = 12;

export const zMonth = z
  .string({ error: 'Bitte einen Monat angeben' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Monat im Format JJJJ-MM angeben');

export const zMonthConfirmationSettings = z.object({
  mode: z.enum(MONTH_CONFIRMATION_MODES, { error: 'Bitte wählen Sie: aus, freiwillig oder Pflicht' }),
  auto_confirm_days: z
    .number({ error: 'Bitte geben Sie an, nach wie vielen Tagen automatisch bestätigt wird' })
    .int('Bitte eine ganze Zahl')
    .min(AUTO_CONFIRM_DAYS.min, `Mindestens ${AUTO_CONFIRM_DAYS.min} Tage`)
    .max(AUTO_CONFIRM_DAYS.max, `Höchstens ${AUTO_CONFIRM_DAYS.max} Tage`),
  /** The first month customers confirm (`YYYY-MM`); earlier months are outside the Monatsfreigabe. */
  starts_month: zMonth,
});
export type MonthConfirmationSettings = z.infer<typeof zMonthConfirmationSettings>;
/** The setting as saved: since when it holds (switched on or its first month moved); quiet days count from then at the earliest. */
export const zMonthConfirmationSettingsView = zMonthConfirmationSettings.extend({ enabled_on: z.string() });
export type MonthConfirmationSettingsView = z.infer<typeof zMonthConfirmationSettingsView>;

export const zMonthParams = z.object({ customerId: zId, month: zMonth });

const zMessageText = z
  .string({ error: 'Die Nachricht fehlt' })
  .trim()
  .min(1, 'Die Nachricht fehlt')
  .max(QUESTION_MAX_CHARS, `Höchstens ${QUESTION_MAX_CHARS} Zeichen`);

/** POST …/months/{month}/questions: the customer asks about one entry of the month. */
export const zMonthQuestionCreate = z.object({
  time_entry_id: zId,
  message: zMessageText,
});
export type MonthQuestionCreate = z.output<typeof zMonthQuestionCreate>;

/** POST /api/month-questions/{id}/messages: a reply in the thread (customer or staff). */
export const zMonthQuestionReply = z.object({ message: zMessageText });
export type MonthQuestionReply = z.input<typeof zMonthQuestionReply>;

/** An entry as the month lists it. */
export const zMonthEntry = z.object({
  id: z.number(),
  work_date: z.string(),
  hours: z.number(),
  activity_description: z.string(),
  project_name: z.string(),
  billing_type: z.enum(['abos', 'stundenpakete']),
  /** The entry's Rückfrage that is not yet resolved, if any. */
  question_id: z.number().nullable(),
  question_state: z.enum(QUESTION_STATES).nullable(),
});
export type MonthEntry = z.infer<typeof zMonthEntry>;

export const zMonthQuestionMessage = z.object({
  id: z.number(),
  author_kind: z.enum(['customer', 'staff', 'system']),
  /** The customer's name, the staff member's (first name for the customer) or "System". */
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type MonthQuestionMessage = z.infer<typeof zMonthQuestionMessage>;

export const zMonthQuestion = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  month: z.string(),
  month_display: z.string(),
  state: z.enum(QUESTION_STATES),
  /** null once the entry was deleted (the correction then was: gone). */
  time_entry_id: z.number().nullable(),
  /** The entry as it stood when the customer asked. */
  asked_about: z.object({
    work_date: z.string(),
    hours: z.number(),
    activity_description: z.string(),
    project_name: z.string(),
  }),
  messages: z.array(zMonthQuestionMessage),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MonthQuestion = z.infer<typeof zMonthQuestion>;

export const zMonthSummary = z.object({
  month: z.string(),
  month_display: z.string(),
  state: z.enum(MONTH_STATES),
  entries_count: z.number(),
  hours_total: z.number(),
  open_questions: z.number(),
  /** Until then the customer can still ask; null while a Rückfrage is open or once confirmed. */
  auto_confirm_on: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** Who confirmed: the customer's name, or "automatisch". */
  confirmed_by: z.string().nullable(),
});
export type MonthSummary = z.infer<typeof zMonthSummary>;

/** GET /api/customers/{id}/months: the setting as the customer meets it and the ended months. */
export const zCustomerMonths = z.object({
  mode: z.enum(MONTH_CONFIRMATION_MODES),
  auto_confirm_days: z.number(),
  months: z.array(zMonthSummary),
});
export type CustomerMonths = z.infer<typeof zCustomerMonths>;

/** GET /api/customers/{id}/months/{month}: the month's entries and its Rückfragen. */
export const zMonthDetail = z.object({
  summary: zMonthSummary,
  mode: z.enum(MONTH_CONFIRMATION_MODES),
  entries: z.array(zMonthEntry),
  questions: z.array(zMonthQuestion),
  /** For staff: the entries as the time-entry dialog edits them ("Eintrag korrigieren"); empty for the customer. */
  staff_entries: z.array(zTimeEntry),
});
export type MonthDetail = z.infer<typeof zMonthDetail>;

/** GET /api/month-questions: the open Rückfragen of the staff member's customers, oldest first. */
export const zOpenMonthQuestions = z.array(zMonthQuestion);

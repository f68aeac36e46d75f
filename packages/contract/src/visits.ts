import { z } from 'zod';
import { zDate, zId } from './common.js';
import { zRequiredId } from './list-query.js';
import { zOrderRef } from './orders.js';

/**
 * Termine (decision 0840): a Butler's visit at a customer's, planned by the office, done on
 * the phone. A visit of kind `trip` that is done counts as one Fahrt of the customer's
 * ButlerPaket in its month (Europe/Vienna). Codes are English, every label German.
 */

export const VISIT_KINDS = ['trip', 'remote', 'office'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const VISIT_KIND_LABELS: Record<VisitKind, string> = {
  trip: 'Besuch mit Fahrt',
  remote: 'Fernwartung/Telefon',
  office: 'Im Büro',
};

/** `moved`: planned again at another time after it was planned or confirmed (verschoben). */
export const VISIT_STATES = ['planned', 'confirmed', 'moved', 'done', 'cancelled'] as const;
export type VisitState = (typeof VISIT_STATES)[number];
export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  planned: 'geplant',
  confirmed: 'bestätigt',
  moved: 'verschoben',
  done: 'erledigt',
  cancelled: 'abgesagt',
};
/** States of a visit that still lies ahead (it can be moved, cancelled, finished). */
export const OPEN_VISIT_STATES: readonly VisitState[] = ['planned', 'confirmed', 'moved'];

/** How a visit repeats: RFC 5545 rules the server writes (FREQ=WEEKLY, INTERVAL=2, BYDAY=+1MO). */
export const VISIT_REPEATS = ['none', 'weekly', 'biweekly', 'monthly_weekday'] as const;
export type VisitRepeat = (typeof VISIT_REPEATS)[number];
export const VISIT_REPEAT_LABELS: Record<VisitRepeat, string> = {
  none: 'Einmalig',
  weekly: 'Jede Woche',
  biweekly: 'Jede zweite Woche',
  monthly_weekday: 'Jeden Monat am gleichen Wochentag',
};

export const VISIT_LIMITS = {
  /** A series ends at the latest this many days after its first visit. */
  seriesDays: 366,
  /** The week and day views ask for at most this many days at once. */
  rangeDays: 42,
  butlers: 5,
  purposeChars: 500,
  placeChars: 300,
  reasonChars: 500,
  /** The shortest and the longest visit. */
  minMinutes: 15,
  maxMinutes: 12 * 60,
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const zTime = (message: string) => z.string({ error: message }).regex(TIME, message);
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const visitFields = {
  date: zDate,
  start_time: zTime('Bitte geben Sie die Uhrzeit „von“ an (HH:MM)'),
  end_time: zTime('Bitte geben Sie die Uhrzeit „bis“ an (HH:MM)'),
  butler_ids: z
    .array(zId, { error: 'Bitte wählen Sie, wer kommt' })
    .min(1, 'Bitte wählen Sie, wer kommt')
    .max(VISIT_LIMITS.butlers, `Höchstens ${VISIT_LIMITS.butlers} Personen je Termin`),
  kind: z.enum(VISIT_KINDS, { error: 'Bitte wählen Sie die Art des Termins' }),
  /** Where; null or empty: the customer's address. */
  place: z
    .string()
    .trim()
    .max(VISIT_LIMITS.placeChars, `Höchstens ${VISIT_LIMITS.placeChars} Zeichen`)
    .nullish()
    .transform((v) => v || null),
  purpose: z
    .string({ error: 'Bitte geben Sie an, worum es geht' })
    .trim()
    .min(1, 'Bitte geben Sie an, worum es geht')
    .max(VISIT_LIMITS.purposeChars, `Höchstens ${VISIT_LIMITS.purposeChars} Zeichen`),
  order_id: zId.nullable().optional(),
  /** Saves although a Butler has another visit at that time (the first answer is 409 with the clash). */
  allow_conflicts: z.boolean({ error: 'Ungültiger Wert' }).optional(),
};

function checkTimes(v: { start_time: string; end_time: string }, ctx: z.RefinementCtx) {
  const minutes = minutesOf(v.end_time) - minutesOf(v.start_time);
  if (minutes < VISIT_LIMITS.minMinutes)
    ctx.addIssue({
      code: 'custom',
      path: ['end_time'],
      message: `„Bis“ muss mindestens ${VISIT_LIMITS.minMinutes} Minuten nach „von“ liegen`,
    });
  else if (minutes > VISIT_LIMITS.maxMinutes)
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'Ein Termin dauert höchstens 12 Stunden' });
}

/** POST /api/visits: one visit, or the first of a series with its end. */
export const zVisitCreate = z
  .object({
    customer_id: zRequiredId('Bitte wählen Sie einen Kunden'),
    ...visitFields,
    repeat: z.enum(VISIT_REPEATS, { error: 'Ungültige Wiederholung' }).default('none'),
    /** The last day a series may have a visit on (required with a repeat). */
    repeat_until: zDate.optional(),
  })
  .superRefine((v, ctx) => {
    checkTimes(v, ctx);
    if (v.repeat === 'none') return;
    if (!v.repeat_until) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat_until'],
        message: 'Bitte geben Sie an, bis wann er sich wiederholt',
      });
      return;
    }
    const days = (Date.parse(v.repeat_until) - Date.parse(v.date)) / 86_400_000;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: '„Bis“ muss nach dem ersten Termin liegen' });
    else if (days > VISIT_LIMITS.seriesDays)
      ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'Eine Serie reicht höchstens ein Jahr weit' });
  });
export type VisitCreate = z.input<typeof zVisitCreate>;

/** PATCH /api/visits/{id}: this visit only (a moved occurrence leaves the rest of its series). */
export const zVisitUpdate = z.object(visitFields).superRefine(checkTimes);
export type VisitUpdate = z.input<typeof zVisitUpdate>;

export const zVisitCancel = z.object({
  reason: z
    .string({ error: 'Bitte geben Sie einen Grund an' })
    .trim()
    .min(1, 'Bitte geben Sie einen Grund an')
    .max(VISIT_LIMITS.reasonChars, `Höchstens ${VISIT_LIMITS.reasonChars} Zeichen`),
  /** With a series: this and every later open visit of it (Serie beenden). */
  following: z.boolean({ error: 'Ungültiger Wert' }).optional(),
});
export type VisitCancel = z.input<typeof zVisitCancel>;

/** GET /api/visits: the calendar's days (a week, a day), one Butler or the whole team. */
export const zVisitListQuery = z
  .object({
    from: zDate,
    to: zDate,
    butler_id: zId.optional(),
    customer_id: zId.optional(),
  })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '„Bis“ muss nach „von“ liegen' });
    else if (days >= VISIT_LIMITS.rangeDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Höchstens ${VISIT_LIMITS.rangeDays} Tage auf einmal` });
  });
export type VisitListQuery = z.input<typeof zVisitListQuery>;

export const VISIT_REQUEST_KINDS = ['move', 'cancel'] as const;
export type VisitRequestKind = (typeof VISIT_REQUEST_KINDS)[number];
/** Staff read these; the lounge words them in the customer's voice (lounge-texts). */
export const VISIT_REQUEST_LABELS: Record<VisitRequestKind, string> = {
  move: 'Verschiebung gewünscht',
  cancel: 'Absage gewünscht',
};

/** A customer's wish to move or cancel a visit: a task for staff until someone handles it. */
export const zVisitRequest = z.object({
  id: z.number(),
  kind: z.enum(VISIT_REQUEST_KINDS),
  message: z.string(),
  created_at: z.string(),
});
export type VisitRequest = z.infer<typeof zVisitRequest>;

export const zVisitPerson = z.object({ id: z.number(), name: z.string() });

export const zVisit = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  /** The customer's address in one line (where the visit is when `place` is null). */
  customer_address: z.string().nullable(),
  /** Europe/Vienna: the day and the times as planned. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  kind: z.enum(VISIT_KINDS),
  state: z.enum(VISIT_STATES),
  place: z.string().nullable(),
  purpose: z.string(),
  order: zOrderRef.nullable(),
  series_id: z.number().nullable(),
  butlers: z.array(zVisitPerson),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  /** Confirmed by the customer in the lounge: when. */
  confirmed_at: z.string().nullable(),
  /** Raised on every change (the SEQUENCE of its calendar entry). */
  sequence: z.number(),
  /** The customer's open wish to move or cancel it (a task for staff), or null. */
  request: zVisitRequest.nullable(),
});
export type Visit = z.infer<typeof zVisit>;

/** A visit as the customer sees it: who comes, when and where; no internal fields. */
export const zLoungeVisit = zVisit
  .pick({
    id: true,
    date: true,
    start_time: true,
    end_time: true,
    kind: true,
    state: true,
    place: true,
    purpose: true,
    butlers: true,
    confirmed_at: true,
    request: true,
  })
  .extend({
    /** Until when the customer may ask to move or cancel it in the lounge (later: only by contact). */
    request_until: z.string(),
  });
export type LoungeVisit = z.infer<typeof zLoungeVisit>;

/** Fahrten of one month: done visits with a trip, against the ButlerPaket's allotment (null: none). */
export const zTripMonth = z.object({
  month: z.string(),
  used: z.number(),
  allotted: z.number().nullable(),
  /** Unused Fahrten of the month before in the same ButlerPaket (setting "übernehmen"; else 0). */
  carried_over: z.number(),
});
export type TripMonth = z.infer<typeof zTripMonth>;

/** GET /api/customers/{customerId}/visits: the lounge's "Nächste Termine" and this month's Fahrten. */
export const zCustomerVisits = z.object({
  upcoming: z.array(zLoungeVisit),
  trips: zTripMonth,
});
export type CustomerVisits = z.infer<typeof zCustomerVisits>;

/** GET /api/customers/{customerId}/trips: Fahrten per month, the latest twelve months. */
export const zTripHistory = z.array(zTripMonth);

/** POST /api/visits/{id}/done: the visit, and what "Neuer Zeiteintrag" opens with. */
export const zVisitDone = z.object({
  visit: zVisit,
  time_entry: z.object({
    customer_id: z.number(),
    order_id: z.number().nullable(),
    work_date: z.string(),
    hours: z.number(),
    /** The visit's from–to (Vienna), for "Von–bis" when it lies on quarter hours. */
    from: z.string(),
    to: z.string(),
    activity_description: z.string(),
  }),
});
export type VisitDone = z.infer<typeof zVisitDone>;

/** The duration of a visit as hours for a time entry, rounded to the quarter hour (at least 0,25). */
export function visitHours(startTime: string, endTime: string): number {
  const minutes = minutesOf(endTime) - minutesOf(startTime);
  return Math.max(0.25, Math.round(minutes / 15) / 4);
}

/** POST /api/visits: how many visits were planned (a series: all of them) and the first one. */
export const zVisitCreated = z.object({
  count: z.number(),
  visit: zVisit,
  /** Planned although it goes beyond the ButlerPaket's Fahrten (setting "warnen"): one German line per month. */
  warnings: z.array(z.string()),
});
export type VisitCreated = z.infer<typeof zVisitCreated>;

/** GET /api/visits/people: the active staff who can be planned for a visit. */
export const zVisitPeople = z.array(zVisitPerson);

/** The 409 of a clash: `details.conflict` holds the German lines, one per clash. */
export const VISIT_CONFLICT_DETAIL = 'conflict';

/** POST /api/visits/{id}/requests: the customer asks to move (with a wish) or to cancel. */
export const zVisitRequestCreate = z
  .object({
    kind: z.enum(VISIT_REQUEST_KINDS, { error: 'Bitte wählen Sie: verschieben oder absagen' }),
    message: z
      .string({ error: 'Ungültiger Text' })
      .trim()
      .max(VISIT_LIMITS.reasonChars, `Höchstens ${VISIT_LIMITS.reasonChars} Zeichen`)
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'move' && !v.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Bitte angeben, wann es besser passt' });
  });
export type VisitRequestCreate = z.input<typeof zVisitRequestCreate>;

/** GET /api/visit-requests: the open wishes, oldest first (the calendar's task list). */
export const zOpenVisitRequest = zVisitRequest.extend({ visit: zVisit });
export const zOpenVisitRequests = z.array(zOpenVisitRequest);
export type OpenVisitRequest = z.infer<typeof zOpenVisitRequest>;

/** POST /api/visit-requests/{id}/resolve: staff mark a wish as handled (moving or cancelling does it too). */
export const zVisitRequestResolve = z.object({
  note: z
    .string({ error: 'Ungültiger Text' })
    .trim()
    .max(VISIT_LIMITS.reasonChars, `Höchstens ${VISIT_LIMITS.reasonChars} Zeichen`)
    .default(''),
});

/** What happens with a trip beyond the ButlerPaket's Fahrten (Einstellungen → Termine). */
export const TRIP_OVERRUN_RULES = ['refuse', 'warn', 'bill'] as const;
export type TripOverrunRule = (typeof TRIP_OVERRUN_RULES)[number];
export const TRIP_OVERRUN_LABELS: Record<TripOverrunRule, string> = {
  refuse: 'Nicht einplanen (das Planen wird abgelehnt)',
  warn: 'Einplanen mit Hinweis',
  bill: 'Einplanen und verrechnen (als Produkt auf der nächsten ButlerPaket-Rechnung, einmal je Fahrt)',
};

/** GET/PUT /api/settings/visits. */
export const zVisitSettings = z.object({
  /** Until how many hours before a visit the customer may ask to move or cancel it in the lounge. */
  request_hours: z
    .number({ error: 'Bitte geben Sie eine Zahl an' })
    .int('Bitte eine ganze Zahl')
    .min(0, 'Mindestens 0 Stunden')
    .max(336, 'Höchstens 336 Stunden (zwei Wochen)'),
  trip_overrun: z.enum(TRIP_OVERRUN_RULES, { error: 'Bitte wählen Sie eine Regel' }),
  /** Unused Fahrten of a month may be used in the next month of the same ButlerPaket. */
  trips_carry_over: z.boolean({ error: 'Ungültiger Wert' }),
  /** "verrechnen": the Quickbill product a trip beyond the allotment is billed as (e.g. "Fahrt"). */
  trip_product_id: zId.nullable().default(null),
});
export const zVisitSettingsInput = zVisitSettings.superRefine((v, ctx) => {
  if (v.trip_overrun === 'bill' && v.trip_product_id === null)
    ctx.addIssue({
      code: 'custom',
      path: ['trip_product_id'],
      message: 'Bitte wählen Sie das Produkt, als das eine zusätzliche Fahrt verrechnet wird',
    });
});
export type VisitSettings = z.infer<typeof zVisitSettings>;

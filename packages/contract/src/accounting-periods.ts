import { z } from 'zod';

/**
 * Festschreibung (decision 0821): closed months, who closed or reopened them and why.
 * A month is `YYYY-MM`; nothing dated in a closed month can be booked or changed.
 */
export const zMonthKey = z
  .string({ error: 'Bitte geben Sie den Monat als JJJJ-MM an' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte geben Sie den Monat als JJJJ-MM an');

export const zClosedMonthParams = z.object({ month: zMonthKey });

/** The least a reopening's reason must say. */
export const REOPEN_REASON_MIN = 10;

export const zReopenMonthInput = z.object({
  reason: z
    .string({ error: 'Bitte geben Sie einen Grund an' })
    .trim()
    .min(REOPEN_REASON_MIN, `Bitte begründen Sie das Wiederöffnen (mindestens ${REOPEN_REASON_MIN} Zeichen)`)
    .max(1000, 'Höchstens 1000 Zeichen'),
});
export type ReopenMonthInput = z.infer<typeof zReopenMonthInput>;

export const zCloseMonthsInput = z.object({
  months: z
    .array(zMonthKey, { error: 'Bitte geben Sie die Monate an' })
    .min(1, 'Bitte geben Sie mindestens einen Monat an')
    .max(24, 'Höchstens 24 Monate auf einmal'),
});
export type CloseMonthsInput = z.infer<typeof zCloseMonthsInput>;

export const CLOSED_MONTH_STATES = ['closed', 'reopened'] as const;

export const zClosedMonth = z.object({
  month: z.string(),
  /** `November 2026`. */
  label: z.string(),
  state: z.enum(CLOSED_MONTH_STATES),
  closed_at: z.string(),
  closed_by: z.string(),
  /** The export that closed it, when closing came with one. */
  export_id: z.number().nullable(),
  reopened_at: z.string().nullable(),
  reopened_by: z.string().nullable(),
  reopen_reason: z.string().nullable(),
  /** Reopened since its last export: the next export of it is a correction. */
  needs_correction_export: z.boolean(),
});
export type ClosedMonth = z.infer<typeof zClosedMonth>;

export const zClosedMonths = z.object({ months: z.array(zClosedMonth) });
export type ClosedMonths = z.infer<typeof zClosedMonths>;

export const zCloseMonthsResult = z.object({
  /** The months this request closed (already closed ones are left as they are). */
  closed: z.array(z.string()),
  months: z.array(zClosedMonth),
});
export type CloseMonthsResult = z.infer<typeof zCloseMonthsResult>;

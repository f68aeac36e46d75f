import { z } from 'zod';
import { zId } from './common.js';
import { zRequiredId } from './list-query.js';
import { zOrderRef } from './orders.js';

/**
 * The running timer of a staff member (decision 0640): started from the top bar
 * or a customer page, kept on the server (survives reloads and a second device), stopped by
 * "Stopp" or at midnight (Vienna), and booked through the "Neuer Zeiteintrag" dialog.
 */

/** POST /api/timer: start for a customer (and optionally a project of theirs). */
export const zTimerStart = z.object({
  customer_id: zRequiredId('Bitte wählen Sie einen Kunden aus'),
  project_id: zId.nullable().optional(),
  /** The Auftrag the time is for (decision 0810); carried into the booking. */
  order_id: zId.nullable().optional(),
});
export type TimerStart = z.input<typeof zTimerStart>;

export const zTimer = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  project_id: z.number().nullable(),
  order: zOrderRef.nullable(),
  started_at: z.string(),
  /** Null while running. */
  stopped_at: z.string().nullable(),
  /** It ran past midnight and was stopped there (the dialog says so). */
  stopped_at_midnight: z.boolean(),
  /** The Vienna date the timer started: the entry's work date. */
  work_date: z.string(),
  /** `HH:MM` in Vienna: start, and end once stopped (`24:00` when stopped at midnight). */
  from: z.string(),
  to: z.string().nullable(),
  /** Time so far (running) or in total (stopped), in quarter hours (quarterHours). */
  hours: z.number(),
});
export type Timer = z.infer<typeof zTimer>;

export const zTimerAnswer = z.object({ timer: zTimer.nullable() });
export type TimerAnswer = z.infer<typeof zTimerAnswer>;

export const MIDNIGHT_NOTE = 'Der Timer lief über Mitternacht und wurde um 24:00 Uhr automatisch gestoppt.';

/**
 * Minutes to bookable hours: to the nearest quarter hour (7 ½ minutes round up), at least
 * 0,25 h (a started job is booked), decision 0641.
 */
export function quarterHours(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0.25;
  return Math.max(1, Math.round(minutes / 15)) / 4;
}

const HHMM = /^([01]?\d|2[0-4])[:.,]([0-5]\d)$/;

/**
 * Minutes of the day of a time as people type it: `09:15`, `9:15`, `9.15`, `0915`, `9`
 * (`24:00` is 1440); null when it is not a time.
 */
export function minutesOfDay(time: string): number | null {
  let text = time.trim();
  if (/^\d{1,2}$/.test(text)) text = `${text}:00`;
  else if (/^\d{3,4}$/.test(text)) text = `${text.slice(0, -2)}:${text.slice(-2)}`;
  const match = HHMM.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 1440 ? null : minutes;
}

/** Hours of a from–to span on one day, or an error sentence (German) for the dialog. */
export function hoursBetween(from: string, to: string): { hours: number } | { error: string } {
  const a = minutesOfDay(from);
  const b = minutesOfDay(to);
  if (a === null || b === null) return { error: 'Bitte Zeiten als HH:MM eingeben (z. B. 09:15)' };
  if (b <= a) return { error: '„Bis“ muss nach „Von“ liegen' };
  return { hours: quarterHours(b - a) };
}

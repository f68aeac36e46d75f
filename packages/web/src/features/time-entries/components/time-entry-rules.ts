import {
  type BillingType,
  TIME_ENTRY_REQUIRED,
  type TimeEntry,
  type TimeEntryCreate,
} from '@butler/contract/time-entries';
import type { Timer } from '@butler/contract/timers';
import { hoursBetween } from '@butler/contract/timers';

export type TimeEntryValues = {
  customer: number | null;
  project: string | null;
  /** "Neues Projekt" in the dialog: its name instead of `project` (null: choose an existing one). */
  newProject: string | null;
  date: string | null;
  /** `duration`: hours typed; `span`: from–to times, the hours computed (decision 0641). */
  mode: 'duration' | 'span';
  hours: number | string;
  from: string;
  to: string;
  activity: string;
  billing: BillingType;
  billable: boolean;
  /** The hours come from the stopped timer: booking them removes it (decision 0640). */
  fromTimer: boolean;
};

/** What a finished Termin hands to "Neuer Zeiteintrag" (POST /api/visits/{id}/done, decision 0840). */
export type TimeEntryPrefill = {
  work_date: string;
  hours: number;
  activity_description: string;
  /** A finished visit's from–to: booked as "Von–bis" when both lie on quarter hours. */
  from?: string;
  to?: string;
};

const onQuarter = (time: string | undefined) => time !== undefined && /^\d{2}:(00|15|30|45)$/.test(time);

/**
 * The dialog's start: the entry's values; else the timer's; else a finished visit's; else
 * today, billable, duration (SPEC §5).
 */
export function timeEntryStart(
  entry: TimeEntry | null,
  customerId: number | undefined,
  today: string,
  timer: Timer | null = null,
  prefill: TimeEntryPrefill | null = null,
): TimeEntryValues {
  return {
    customer: entry?.customer_id ?? timer?.customer_id ?? customerId ?? null,
    project: entry ? String(entry.project_id) : timer?.project_id ? String(timer.project_id) : null,
    newProject: null,
    date: entry?.work_date ?? timer?.work_date ?? prefill?.work_date ?? today,
    // A timer books its rounded time; its from–to stays at hand under "Von–bis" (decision 0641).
    mode: !entry && !timer && onQuarter(prefill?.from) && onQuarter(prefill?.to) ? 'span' : 'duration',
    hours: entry?.hours ?? timer?.hours ?? prefill?.hours ?? '',
    from: timer?.from ?? (!entry ? prefill?.from : undefined) ?? '',
    to: timer?.to ?? (!entry ? prefill?.to : undefined) ?? '',
    activity: entry?.activity_description ?? prefill?.activity_description ?? '',
    billing: entry?.billing_type ?? 'abos',
    billable: entry?.is_billable ?? true,
    fromTimer: timer !== null,
  };
}

/** The hours the form books: typed, or computed from the span (null when the span is not valid). */
export function entryHours(v: Pick<TimeEntryValues, 'mode' | 'hours' | 'from' | 'to'>): number | null {
  if (v.mode === 'span') {
    const span = hoursBetween(v.from, v.to);
    return 'hours' in span ? span.hours : null;
  }
  const hours = Number(v.hours);
  return v.hours === '' || Number.isNaN(hours) ? null : hours;
}

/**
 * Which required fields are missing (SPEC §5: customer, project, date, hours other than 0,
 * activity); each is marked, and the dialog says TIME_ENTRY_REQUIRED once. A from–to span
 * that is not one says why. Whether the date lies in a ButlerPaket, and the quarter-hour
 * steps, are the server's answer (DOMAIN-RULES §4).
 */
export function missingTimeEntryFields(v: TimeEntryValues): Partial<Record<keyof TimeEntryValues, string>> {
  const missing: Partial<Record<keyof TimeEntryValues, string>> = {};
  if (!v.customer) missing.customer = TIME_ENTRY_REQUIRED;
  if (v.newProject !== null) {
    if (!v.newProject.trim()) missing.newProject = 'Bitte geben Sie einen Projektnamen ein';
  } else if (!v.project) missing.project = TIME_ENTRY_REQUIRED;
  if (!v.date) missing.date = TIME_ENTRY_REQUIRED;
  if (v.mode === 'span') {
    if (!v.from || !v.to) {
      if (!v.from) missing.from = TIME_ENTRY_REQUIRED;
      if (!v.to) missing.to = TIME_ENTRY_REQUIRED;
    } else {
      const span = hoursBetween(v.from, v.to);
      if ('error' in span) missing.to = span.error;
    }
  } else if (v.hours === '' || Number(v.hours) === 0 || Number.isNaN(Number(v.hours))) {
    missing.hours = TIME_ENTRY_REQUIRED;
  }
  if (!v.activity.trim()) missing.activity = TIME_ENTRY_REQUIRED;
  return missing;
}

/** The request body of a complete form. */
export function timeEntryBody(v: TimeEntryValues): TimeEntryCreate {
  return {
    ...(v.newProject !== null ? { new_project_name: v.newProject.trim() } : { project_id: Number(v.project) }),
    hours: entryHours(v) ?? 0,
    activity_description: v.activity,
    work_date: v.date as string,
    billing_type: v.billing,
    is_billable: v.billable,
    ...(v.fromTimer ? { from_timer: true } : {}),
  };
}

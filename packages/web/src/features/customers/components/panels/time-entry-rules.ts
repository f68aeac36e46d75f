import {
  type BillingType,
  TIME_ENTRY_REQUIRED,
  type TimeEntry,
  type TimeEntryCreate,
} from '@butler/contract/time-entries';

export type TimeEntryValues = {
  customer: number | null;
  project: string | null;
  date: string | null;
  hours: number | string;
  activity: string;
  billing: BillingType;
  billable: boolean;
};

/** The dialog's start: the entry's values, or today, abos and billable for a new one (SPEC §5). */
export function timeEntryStart(
  entry: TimeEntry | null,
  customerId: number | undefined,
  today: string,
): TimeEntryValues {
  return {
    customer: entry?.customer_id ?? customerId ?? null,
    project: entry ? String(entry.project_id) : null,
    date: entry?.work_date ?? today,
    hours: entry?.hours ?? '',
    activity: entry?.activity_description ?? '',
    billing: entry?.billing_type ?? 'abos',
    billable: entry?.is_billable ?? true,
  };
}

/**
 * Which required fields are missing (SPEC §5: customer, project, date, hours other than 0,
 * activity); each is marked, and the dialog says TIME_ENTRY_REQUIRED once. Whether the date
 * lies in a ButlerPaket, and the quarter-hour steps, are the server's answer (DOMAIN-RULES §4).
 */
export function missingTimeEntryFields(v: TimeEntryValues): Partial<Record<keyof TimeEntryValues, string>> {
  const missing: Partial<Record<keyof TimeEntryValues, string>> = {};
  if (!v.customer) missing.customer = TIME_ENTRY_REQUIRED;
  if (!v.project) missing.project = TIME_ENTRY_REQUIRED;
  if (!v.date) missing.date = TIME_ENTRY_REQUIRED;
  if (v.hours === '' || Number(v.hours) === 0 || Number.isNaN(Number(v.hours))) missing.hours = TIME_ENTRY_REQUIRED;
  if (!v.activity.trim()) missing.activity = TIME_ENTRY_REQUIRED;
  return missing;
}

/** The request body of a complete form. */
export function timeEntryBody(v: TimeEntryValues): TimeEntryCreate {
  return {
    project_id: Number(v.project),
    hours: Number(v.hours),
    activity_description: v.activity,
    work_date: v.date as string,
    billing_type: v.billing,
    is_billable: v.billable,
  };
}

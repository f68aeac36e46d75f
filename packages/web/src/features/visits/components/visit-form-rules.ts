import {
  type Visit,
  type VisitCreate,
  type VisitKind,
  type VisitRepeat,
  type VisitUpdate,
  zVisitCreate,
  zVisitUpdate,
} from '@butler/contract/visits';

/**
 * The "Neuer Termin" / "Termin bearbeiten" form. Its fields are named as the request's, so
 * the server's `details` (keyed by field name) land under the field they are about.
 * "Wer kommt" holds ids as strings (the multi-select's values).
 */
export type VisitFormValues = {
  customer_id: number | null;
  date: string | null;
  start_time: string;
  end_time: string;
  butler_ids: string[];
  kind: VisitKind;
  place: string;
  purpose: string;
  repeat: VisitRepeat;
  repeat_until: string | null;
};

/** A new visit on `date` (the day the calendar shows), for `butlerId` when one is chosen; or the visit to edit. */
export function visitFormStart(
  visit: Visit | null,
  defaults: { date: string; butlerId?: number | null; customerId?: number | null },
): VisitFormValues {
  if (visit)
    return {
      customer_id: visit.customer_id,
      date: visit.date,
      start_time: visit.start_time,
      end_time: visit.end_time,
      butler_ids: visit.butlers.map((b) => String(b.id)),
      kind: visit.kind,
      place: visit.place ?? '',
      purpose: visit.purpose,
      repeat: 'none',
      repeat_until: null,
    };
  return {
    customer_id: defaults.customerId ?? null,
    date: defaults.date,
    start_time: '',
    end_time: '',
    butler_ids: defaults.butlerId ? [String(defaults.butlerId)] : [],
    kind: 'trip',
    place: '',
    purpose: '',
    repeat: 'none',
    repeat_until: null,
  };
}

const shared = (v: VisitFormValues) => ({
  date: v.date ?? '',
  start_time: v.start_time.trim(),
  end_time: v.end_time.trim(),
  butler_ids: v.butler_ids.map(Number),
  kind: v.kind,
  place: v.place.trim() || null,
  purpose: v.purpose.trim(),
});

/** POST /api/visits; a repeat carries its last day, a single visit none. */
export function visitCreateBody(v: VisitFormValues): VisitCreate {
  return {
    customer_id: v.customer_id ?? 0,
    ...shared(v),
    repeat: v.repeat,
    ...(v.repeat !== 'none' && v.repeat_until ? { repeat_until: v.repeat_until } : {}),
  };
}

/** PATCH /api/visits/{id}: this visit only; its Auftrag stays as it is (order_id left out). */
export function visitUpdateBody(v: VisitFormValues): VisitUpdate {
  return shared(v);
}

/**
 * The contract's own checks (the server makes the same), as one German message per field,
 * the first the schema finds; the repeat fields only for a new visit.
 */
export function visitFormErrors(v: VisitFormValues, editing: boolean): Partial<Record<keyof VisitFormValues, string>> {
  const result = editing ? zVisitUpdate.safeParse(visitUpdateBody(v)) : zVisitCreate.safeParse(visitCreateBody(v));
  const errors: Partial<Record<keyof VisitFormValues, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof VisitFormValues;
    if (field in v && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The same request, the clash accepted ("Trotzdem speichern"). */
export const acceptingConflicts = <B extends VisitCreate | VisitUpdate>(body: B): B => ({
  ...body,
  allow_conflicts: true,
});

/** The clash lines of a 409 (one per clash), empty for any other answer. */
export function conflictLines(details: Record<string, string> | undefined, key: string): string[] {
  const text = details?.[key];
  return text ? text.split('\n').filter((line) => line.trim()) : [];
}

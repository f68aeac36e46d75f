import type { CustomerVisits, VisitState } from '@butler/contract/visits';

/**
 * The lounge's words for a visit's state. They are the contract's VISIT_STATE_LABELS, kept
 * here because `contract/visits.ts` builds zod schemas when it loads and the lounge loads no
 * zod (decision 0832); the test holds both the same.
 */
export const LOUNGE_VISIT_STATE_LABELS: Record<VisitState, string> = {
  planned: 'geplant',
  confirmed: 'bestätigt',
  moved: 'verschoben',
  done: 'erledigt',
  cancelled: 'abgesagt',
};

/** A visit the customer is asked to confirm: planned, or moved to a new time. */
export const mayConfirm = (state: VisitState) => state === 'planned' || state === 'moved';

/** The card stands only when there is something to say: a visit ahead, or Fahrten used this month. */
export const showVisitsCard = (data: CustomerVisits) => data.upcoming.length > 0 || data.trips.used > 0;

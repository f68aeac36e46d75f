import type { LoungeTexts } from '@butler/contract/lounge-texts';
import type {
  CustomerVisits,
  LoungeVisit,
  VisitRequestCreate,
  VisitRequestKind,
  VisitState,
} from '@butler/contract/visits';

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

/** The contract's VISIT_LIMITS.reasonChars (the test holds both the same). */
export const REQUEST_MESSAGE_CHARS = 500;

/** What the customer sees of their own wish while the team has not handled it yet. */
export const LOUNGE_REQUEST_LABELS: Record<VisitRequestKind, string> = {
  move: 'Verschiebung angefragt',
  cancel: 'Absage angefragt',
};

/** A visit the customer is asked to confirm: planned, or moved to a new time. */
export const mayConfirm = (state: VisitState) => state === 'planned' || state === 'moved';

/** The card stands only when there is something to say: a visit ahead, or Fahrten used this month. */
export const showVisitsCard = (data: CustomerVisits) => data.upcoming.length > 0 || data.trips.used > 0;

const STILL_AHEAD: readonly VisitState[] = ['planned', 'confirmed', 'moved'];

/**
 * What the lounge offers to change a visit (decision 0840): `ask` "Verschieben oder
 * absagen" until `request_until`; `asked` while the customer's wish is open; `late` after
 * it (only by phone now); `none` for a visit that is no longer ahead.
 */
export type VisitChange = 'ask' | 'asked' | 'late' | 'none';
export function visitChange(visit: Pick<LoungeVisit, 'state' | 'request' | 'request_until'>, now: number): VisitChange {
  if (visit.request) return 'asked';
  if (!STILL_AHEAD.includes(visit.state)) return 'none';
  const until = Date.parse(visit.request_until);
  return Number.isFinite(until) && now < until ? 'ask' : 'late';
}

export type VisitRequestValues = { kind: VisitRequestKind; message: string };

/** The dialog's checks in the customer's voice (the server checks the same in its own words). */
export function visitRequestErrors(values: VisitRequestValues, t: LoungeTexts): Partial<Record<'message', string>> {
  const message = values.message.trim();
  if (values.kind === 'move' && !message) return { message: t.visitMoveMissing };
  if (message.length > REQUEST_MESSAGE_CHARS) return { message: `Höchstens ${REQUEST_MESSAGE_CHARS} Zeichen` };
  return {};
}

export const visitRequestBody = (values: VisitRequestValues): VisitRequestCreate => ({
  kind: values.kind,
  message: values.message.trim(),
});

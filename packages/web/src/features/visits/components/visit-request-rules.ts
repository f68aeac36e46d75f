import { formatDateTime, formatDayWithWeekday } from '@butler/contract/format';
import { type OpenVisitRequest, VISIT_LIMITS, type Visit, type VisitRequest } from '@butler/contract/visits';
import { visitTimeSpan } from '../../../lib/visit-texts';

/** "angefragt am 03.12.2026, 10:00": when the customer asked. */
export const requestAsked = (request: Pick<VisitRequest, 'created_at'>) =>
  `angefragt am ${formatDateTime(request.created_at)}`;

/** The customer's words, or that they wrote none (a reason to cancel is optional). */
export const requestMessage = (request: Pick<VisitRequest, 'message'>) =>
  request.message.trim() ? request.message.trim() : 'Ohne Nachricht';

/** "Di., 08.12.2026, 09:00–11:00 Uhr": the visit a wish is about. */
export const requestVisitWhen = (visit: Pick<Visit, 'date' | 'start_time' | 'end_time'>) =>
  `${formatDayWithWeekday(visit.date)}, ${visitTimeSpan(visit)} Uhr`;

/** The open wishes the panel lists: with a customer chosen in the calendar, only theirs. */
export const requestsShown = (requests: readonly OpenVisitRequest[], customerId: number | null) =>
  customerId === null ? [...requests] : requests.filter((r) => r.visit.customer_id === customerId);

/** The resolve dialog's one check (the server makes the same). */
export function resolveNoteErrors(values: { note: string }): Partial<Record<'note', string>> {
  return values.note.trim().length > VISIT_LIMITS.reasonChars
    ? { note: `Höchstens ${VISIT_LIMITS.reasonChars} Zeichen` }
    : {};
}

/** The calendar card's name for screen readers; an open wish is said at the end. */
export const visitCardLabel = (visit: Pick<Visit, 'start_time' | 'end_time' | 'customer_name' | 'request'>) =>
  `${visitTimeSpan(visit)} ${visit.customer_name}: Termin öffnen${visit.request ? ' (Wunsch offen)' : ''}`;

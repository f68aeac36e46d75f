import type { Visit } from '@butler/contract/visits';

/** "abgesagt von Anna Huber: Kunde krank" (who, when known, and why). */
export function cancelledText(visit: Pick<Visit, 'cancelled_by' | 'cancel_reason'>): string {
  const by = visit.cancelled_by ? `abgesagt von ${visit.cancelled_by}` : 'abgesagt';
  return visit.cancel_reason ? `${by}: ${visit.cancel_reason}` : by;
}

/** Where a visit is, for the team: the place written down, else the customer's address. */
export const staffPlace = (visit: Pick<Visit, 'place' | 'customer_address'>) =>
  visit.place ?? visit.customer_address ?? 'Beim Kunden (keine Adresse hinterlegt)';

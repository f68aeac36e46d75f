import type { CustomerVoice } from './voice.js';

/**
 * The states of an Auftrag and of its Freigabe with their labels (decision 0810), without
 * zod: the lounge's "Meine Aufträge" card shows them, and importing orders.ts would bring
 * zod and every schema it builds into the lounge (decision 0832). orders.ts re-exports them.
 */

export const ORDER_STATES = [
  'new',
  'accepted',
  'planned',
  'in_progress',
  'waiting_customer',
  'done',
  'declined',
  'withdrawn',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** States in which nothing more happens on an Auftrag. */
export const CLOSED_ORDER_STATES: readonly OrderState[] = ['done', 'declined', 'withdrawn'];
export const isOpenOrderState = (state: OrderState) => !CLOSED_ORDER_STATES.includes(state);

/** Staff read "Wartet auf Kunde"; the customer reads it in their form of address. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  new: 'Neu',
  accepted: 'Angenommen',
  planned: 'Eingeplant',
  in_progress: 'In Arbeit',
  waiting_customer: 'Wartet auf Kunde',
  done: 'Erledigt',
  declined: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
};
export function customerOrderStateLabel(state: OrderState, voice: CustomerVoice): string {
  if (state === 'waiting_customer') return voice === 'du' ? 'Wartet auf dich' : 'Wartet auf Sie';
  return ORDER_STATE_LABELS[state];
}

/** Freigabe: the customer's answer when the estimate is more than the hours available. */
export const APPROVAL_STATES = ['requested', 'approved', 'declined', 'more_hours'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  requested: 'Freigabe angefragt',
  approved: 'Freigegeben',
  declined: 'Freigabe abgelehnt',
  more_hours: 'Mehr Stunden gewünscht',
};

import { type ApprovalState, CLOSED_ORDER_STATES, type OrderState } from '@butler/contract/orders';

/**
 * Aufträge (decision 0810): which state changes staff may make with PATCH, and what a new
 * estimate does to the Freigabe. Pure rules; the service applies them under a row lock.
 */

/** The states in which an Auftrag is being worked on (after "Annehmen", before closing). */
export const WORKING_STATES: readonly OrderState[] = ['accepted', 'planned', 'in_progress', 'waiting_customer'];

/** Why staff may not move an Auftrag from `from` to `to` by PATCH, or null when they may. */
export function staffTransitionError(from: OrderState, to: OrderState): string | null {
  if (from === to) return null;
  if (CLOSED_ORDER_STATES.includes(from)) return 'Dieser Auftrag ist abgeschlossen und kann nicht mehr geändert werden';
  if (to === 'withdrawn') return 'Zurückziehen kann nur der Kunde selbst';
  if (to === 'done') return 'Zum Abschließen bitte „Erledigt“ verwenden (mit Zusammenfassung)';
  if (to === 'new') return 'Ein angenommener Auftrag kann nicht wieder neu werden';
  return null;
}

/** The state a customer's reply brings a waiting Auftrag back to: the one before waiting, else 'accepted'. */
export function stateAfterCustomerReply(current: OrderState, beforeWaiting: string | null): OrderState {
  if (current !== 'waiting_customer') return current;
  const previous = beforeWaiting as OrderState | null;
  return previous && WORKING_STATES.includes(previous) && previous !== 'waiting_customer' ? previous : 'accepted';
}

/** Hours in hundredths, compared exactly. */
const hundredths = (hours: number) => Math.round(hours * 100);

/** Whether `hours` are more than the customer's "Jetzt verfügbar". */
export const exceedsAvailable = (hours: number, available: number) => hundredths(hours) > hundredths(available);

/**
 * What a Freigabe still lacks: the estimate less what is booked on the Auftrag already (those
 * hours have left the available), less the available of now; never below zero.
 */
export const approvalShortfall = (estimate: number, booked: number, available: number) =>
  Math.max(0, hundredths(estimate) - hundredths(booked) - hundredths(Math.max(available, 0))) / 100;

/**
 * What a new estimate does to the Freigabe: more than available asks for one ('request'),
 * within available clears a pending request ('clear'), anything else leaves it ('keep').
 * An answered Freigabe (approved, declined, more hours) is asked again only when the new
 * estimate is above the one the customer answered.
 */
export function approvalAfterEstimate(
  estimate: number | null,
  available: number,
  current: { state: ApprovalState | null; estimate: number | null },
): 'request' | 'clear' | 'keep' {
  if (estimate === null) return current.state === 'requested' ? 'clear' : 'keep';
  if (!exceedsAvailable(estimate, available)) return current.state === 'requested' ? 'clear' : 'keep';
  if (current.state === 'requested') return current.estimate === estimate ? 'keep' : 'request';
  if (current.state === null) return 'request';
  return current.estimate !== null && hundredths(estimate) > hundredths(current.estimate) ? 'request' : 'keep';
}

/**
 * The Freigabe rule for a booking on an Auftrag: hours beyond the available need the
 * customer's approval or a staff override. Returns whether the booking may go ahead.
 */
export function bookingAllowed(
  hours: number,
  available: number,
  order: { approvalState: string | null; overrideReason: string | null },
): boolean {
  if (!exceedsAvailable(hours, available)) return true;
  return order.approvalState === 'approved' || order.overrideReason !== null;
}

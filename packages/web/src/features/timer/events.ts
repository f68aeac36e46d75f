import type { Timer } from '@butler/contract/timers';

/**
 * "Neuer Zeiteintrag" from anywhere (top bar, customer page, Alt+N): one dialog, hosted by
 * the staff tools of the top bar, opened through here. Tiny on purpose: pages import it
 * without pulling the dialog into their chunk.
 *
 * The staff tools load lazily, after the first screen. A request made before they are
 * there ("Zeit erfassen" clicked, Alt+N pressed right after the page appeared) waits for
 * them instead of being lost: the dialog opens as soon as they arrive (decision 0691).
 */
/** `orderId`: opened from an Auftrag, which the dialog's "Auftrag" field then names (decision 0810). */
export type NewTimeEntryRequest = { customerId?: number; orderId?: number; timer?: Timer };

type Listener = (request: NewTimeEntryRequest) => void;

const listeners = new Set<Listener>();
let pending: NewTimeEntryRequest | null = null;

export function openNewTimeEntry(request: NewTimeEntryRequest = {}) {
  if (listeners.size === 0) {
    pending = request;
    return;
  }
  for (const listener of listeners) listener(request);
}

/** Subscribes the dialog's host; a request that waited for it is handed over at once. */
export function onNewTimeEntry(listener: Listener) {
  listeners.add(listener);
  if (pending !== null) {
    const waiting = pending;
    pending = null;
    listener(waiting);
  }
  return () => {
    listeners.delete(listener);
  };
}

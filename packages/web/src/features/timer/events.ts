import type { Timer } from '@butler/contract/timers';

/**
 * "Neuer Zeiteintrag" from anywhere (top bar, customer page, Alt+N): one dialog, hosted by
 * the staff tools of the top bar, opened by this event. Tiny on purpose: pages import it
 * without pulling the dialog into their chunk.
 */
export type NewTimeEntryRequest = { customerId?: number; timer?: Timer };

const EVENT = 'butler:new-time-entry';

export function openNewTimeEntry(request: NewTimeEntryRequest = {}) {
  window.dispatchEvent(new CustomEvent<NewTimeEntryRequest>(EVENT, { detail: request }));
}

export function onNewTimeEntry(listener: (request: NewTimeEntryRequest) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<NewTimeEntryRequest>).detail ?? {});
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}

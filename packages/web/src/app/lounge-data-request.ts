import type { CustomerDashboard } from '@butler/contract/dashboard';
import { apiRequest } from '../lib/api-client';
import { isRestorable, readStoredSession } from '../lib/session-storage';

export const LOUNGE_PATH = '/customer/dashboard';

let early: { customerId: number; answer: Promise<CustomerDashboard> } | null = null;
/** Once per page load: the early script and the app script both ask, in either order. */
let sent = false;

/** The lounge's data, for the lounge query and the early request alike. */
export function fetchLoungeData(customerId: number, signal?: AbortSignal) {
  // A refused token answers 401 here without side effects: the session check decides.
  return apiRequest<CustomerDashboard>(`/api/customers/${customerId}/dashboard`, {
    signal,
    skipUnauthorizedHandling: true,
  });
}

/**
 * A returning customer who opens the lounge: its data is requested at once, next to the
 * check of the stored session, before the app's scripts have arrived (decision 0415).
 */
export function requestLoungeData() {
  if (sent || window.location.pathname !== LOUNGE_PATH) return;
  const stored = readStoredSession();
  if (!isRestorable(stored) || stored.userType !== 'customer') return;
  sent = true;
  const answer = fetchLoungeData(stored.user.id);
  // Nobody may be waiting yet; the lounge's query handles a refusal when it takes the answer.
  answer.catch(() => {});
  early = { customerId: stored.user.id, answer };
}

/** The early request's answer for this customer, handed out once; later loads ask again. */
export function takeEarlyLoungeData(customerId: number): Promise<CustomerDashboard> | null {
  if (early?.customerId !== customerId) return null;
  const { answer } = early;
  early = null;
  return answer;
}

import type { CustomerDashboard } from '@butler/contract/dashboard';
import { apiRequest } from '../lib/api-client';
import { isRestorable, readStoredSession } from '../lib/session-storage';

const LOUNGE_PATH = '/customer/dashboard';

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

/** The customer whose stored session will be restored on this page, if it is the lounge. */
export function returningLoungeCustomer(): number | null {
  if (window.location.pathname !== LOUNGE_PATH) return null;
  const stored = readStoredSession();
  return isRestorable(stored) && stored.userType === 'customer' ? stored.user.id : null;
}

/**
 * A returning customer who opens the lounge: its data is requested at once, next to the
 * check of the stored session, before the app's scripts have arrived (decision 0415).
 */
export function requestLoungeData() {
  const customerId = sent ? null : returningLoungeCustomer();
  if (customerId === null) return;
  sent = true;
  const answer = fetchLoungeData(customerId);
  // Nobody may be waiting yet; the lounge's query handles a refusal when it takes the answer.
  answer.catch(() => {});
  early = { customerId, answer };
}

/** The early request's answer for this customer, handed out once; later loads ask again. */
export function takeEarlyLoungeData(customerId: number): Promise<CustomerDashboard> | null {
  if (early?.customerId !== customerId) return null;
  const { answer } = early;
  early = null;
  return answer;
}

import type { CustomerDashboard } from '@butler/contract/dashboard';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { isRestorable, readStoredSession } from '../lib/session-storage';

/**
 * A returning customer who opens the lounge: its code and its data are fetched while the
 * stored session is still being validated, instead of one after the other (decision 0410).
 * A refused token answers 401 here without side effects; the session check decides.
 */
export function warmUpLounge(queryClient: QueryClient) {
  if (window.location.pathname !== '/customer/dashboard') return;
  const stored = readStoredSession();
  if (!isRestorable(stored) || stored.userType !== 'customer') return;
  const customerId = stored.user.id;
  void import('../features/customer-dashboard/customer-dashboard-page');
  void queryClient.prefetchQuery({
    queryKey: ['customer-dashboard', customerId],
    queryFn: ({ signal }) =>
      apiRequest<CustomerDashboard>(`/api/customers/${customerId}/dashboard`, {
        signal,
        skipUnauthorizedHandling: true,
      }),
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { fetchLoungeData, returningLoungeCustomer, takeEarlyLoungeData } from './lounge-data-request';
import { CustomerDashboardPage } from './lounge-page';

/**
 * A returning customer who opens the lounge: its code and its data are fetched while the
 * stored session is still being validated, instead of one after the other (decision 0410);
 * the data query takes the answer of the early request (decision 0415).
 */
export function warmUpLounge(queryClient: QueryClient) {
  const customerId = returningLoungeCustomer();
  if (customerId === null) return;
  void CustomerDashboardPage.preload();
  void queryClient.prefetchQuery({
    queryKey: ['customer-dashboard', customerId],
    queryFn: ({ signal }) => takeEarlyLoungeData(customerId) ?? fetchLoungeData(customerId, signal),
  });
}

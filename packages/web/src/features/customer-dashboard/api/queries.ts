import type { CustomerDashboard, SubscriptionHistory } from '@butler/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/customers/{id}/dashboard: everything the lounge shows, in one call. */
export function useCustomerDashboard(customerId: number | null) {
  return useQuery({
    queryKey: ['customer-dashboard', customerId],
    queryFn: ({ signal }) => apiRequest<CustomerDashboard>(`/api/customers/${customerId}/dashboard`, { signal }),
    enabled: customerId !== null,
  });
}

/** GET /api/subscriptions/{id}/history, only while the history dialog is open. */
export function useSubscriptionHistory(subscriptionId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['subscription-history', subscriptionId],
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionHistory>(`/api/subscriptions/${subscriptionId}/history`, { signal }),
    enabled,
  });
}

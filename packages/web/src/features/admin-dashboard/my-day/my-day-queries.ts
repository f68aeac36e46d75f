import type { MyCustomer, MyHours } from '@butler/contract/my-day';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/my-hours: the signed-in staff member's own bookings this week and month (decision 0743). */
export function useMyHours() {
  return useQuery({
    // Under "time-entries": every booking refreshes it.
    queryKey: ['time-entries', 'mine'],
    queryFn: ({ signal }) => apiRequest<MyHours>('/api/my-hours', { signal }),
  });
}

/** GET /api/my-customers: the customers one looks after, with address and the one hours figure. */
export function useMyCustomers(enabled = true) {
  return useQuery({
    queryKey: ['customer-dashboard', 'mine'],
    queryFn: ({ signal }) => apiRequest<MyCustomer[]>('/api/my-customers', { signal }),
    enabled,
  });
}

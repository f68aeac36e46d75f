import { type DashboardStats, MONTHLY_PAGE_SIZE, type MonthlyCustomer } from '@butler/contract/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';

/** GET /api/admin/dashboard-stats: counts, hour figures, settings and the expiring list. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['admin-dashboard-stats'],
    queryFn: ({ signal }) => apiRequest<DashboardStats>('/api/admin/dashboard-stats', { signal }),
  });
}

/**
 * GET /api/admin/customers-monthly/{year}/{month}: one page of the customers with hours
 * that month, in name order, and how many there are in all (decision 0404).
 */
export function useCustomersMonthly(year: number, month: number, page: number) {
  return useQuery({
    queryKey: ['admin-customers-monthly', year, month, page],
    queryFn: ({ signal }) =>
      apiRequestWithTotal<MonthlyCustomer[]>(`/api/admin/customers-monthly/${year}/${month}`, {
        signal,
        query: { page, page_size: MONTHLY_PAGE_SIZE },
      }),
  });
}

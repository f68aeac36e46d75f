import type { DashboardStats, MonthlyCustomer } from '@butler/contract/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/dashboard-stats: counts, hour figures, settings and the expiring list. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['admin-dashboard-stats'],
    queryFn: ({ signal }) => apiRequest<DashboardStats>('/api/admin/dashboard-stats', { signal }),
  });
}

/** GET /api/admin/customers-monthly/{year}/{month}: one entry per customer with hours that month. */
export function useCustomersMonthly(year: number, month: number) {
  return useQuery({
    queryKey: ['admin-customers-monthly', year, month],
    queryFn: ({ signal }) => apiRequest<MonthlyCustomer[]>(`/api/admin/customers-monthly/${year}/${month}`, { signal }),
  });
}

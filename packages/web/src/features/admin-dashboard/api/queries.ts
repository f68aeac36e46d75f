import {
  type DashboardStats,
  MONTHLY_PAGE_SIZE,
  type MonthlyCustomerCard,
  OVERVIEW_PAGE_SIZE,
} from '@butler/contract/admin-dashboard';
import type { OverviewCharts } from '@butler/contract/overview-charts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';

/** GET /api/admin/dashboard-stats: counts, hour figures, settings and the expiring list. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['admin-dashboard-stats'],
    queryFn: ({ signal }) => apiRequest<DashboardStats>('/api/admin/dashboard-stats', { signal }),
  });
}

/** GET /api/admin/overview-charts: the overview's charts in one answer (decision 0651). */
export function useOverviewCharts() {
  return useQuery({
    queryKey: ['admin-overview-charts'],
    queryFn: ({ signal }) => apiRequest<OverviewCharts>('/api/admin/overview-charts', { signal }),
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
      apiRequestWithTotal<MonthlyCustomerCard[]>(`/api/admin/customers-monthly/${year}/${month}`, {
        signal,
        query: { page, page_size: MONTHLY_PAGE_SIZE },
      }),
  });
}

/**
 * One page of an overview list (expiring ButlerPakete, low balances) and the count of all
 * rows (decision 0405); the previous page stays visible while the next one loads.
 */
export function useOverviewList<T>(key: string, path: string, page: number) {
  return useQuery({
    queryKey: [key, page],
    queryFn: ({ signal }) => apiRequestWithTotal<T[]>(path, { signal, query: { page, page_size: OVERVIEW_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

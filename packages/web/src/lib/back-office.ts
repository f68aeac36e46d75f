import type { Customer } from '@butler/contract/customers';
import type { Project } from '@butler/contract/projects';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from './api-client';

// The back office's query keys and the reads several features share (the customers' pages,
// the time-entry dialog, Quickbill's send page), here so that no feature imports another's
// internals for them (decision 0830).

/** Query keys of the back office; every hour-related change refreshes all of them. */
export const backOfficeKeys = {
  customers: ['customers'] as const,
  customer: (id: number) => ['customer', id] as const,
  projects: ['projects'] as const,
  timeEntries: ['time-entries'] as const,
  hourPackages: ['hour-packages'] as const,
  subscriptions: ['subscriptions'] as const,
  templates: ['subscription-templates'] as const,
  customerSubscription: (id: number) => ['customer-subscription', id] as const,
  history: (id: number) => ['subscription-history', id] as const,
};

/**
 * Hours, packages and subscriptions depend on each other (an entry changes a balance, a
 * purchase changes a referrer's price), so a mutation refreshes every back-office list.
 */
export function refreshBackOffice(queryClient: QueryClient) {
  for (const key of [
    'customers',
    'customer',
    'projects',
    'time-entries',
    'hour-packages',
    'subscriptions',
    'customer-subscription',
    'subscription-history',
    'customer-dashboard',
    // An entry booked on an Auftrag changes its hours (decision 0810).
    'orders',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/** Page size of the back-office tables. */
export const PAGE_SIZE = 25;
/** Large enough for one customer's projects in a select (a customer has a handful). */
export const ALL_PAGE_SIZE = 500;

export type ListParams = { page?: number; pageSize?: number; search?: string; customerId?: number };

export function listQuery(params: ListParams) {
  return {
    page: params.page,
    page_size: params.pageSize,
    search: params.search,
    customer_id: params.customerId,
  };
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: backOfficeKeys.customer(id),
    queryFn: () => apiRequest<Customer>(`/api/customers/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useProjects(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [...backOfficeKeys.projects, params],
    queryFn: () => apiRequestWithTotal<Project[]>('/api/projects', { query: listQuery(params) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

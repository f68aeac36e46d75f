import type { QueryClient } from '@tanstack/react-query';

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

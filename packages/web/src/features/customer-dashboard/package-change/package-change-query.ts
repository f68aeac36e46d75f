import type {
  PackageChangeOptions,
  PackageQuote,
  PackageRequest,
  PackageRequestCreate,
} from '@butler/contract/subscription-requests';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The ButlerPaket card's "Paket ändern" and "Verlängern" (decision 0851). Types only from
 * `contract/subscription-requests.ts`: the lounge does not load zod (decision 0832). The key
 * starts with the one the staff's list uses, so an answer refreshes both.
 */
export const packageChangeQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['subscription-requests', 'lounge', customerId],
    queryFn: ({ signal }) =>
      apiRequest<PackageChangeOptions>(`/api/customers/${customerId}/package-change`, { signal }),
  });

/** The price and term of a change by today's rules; a refusal is the answer's German text. */
export const packageQuoteQuery = (customerId: number, templateId: number, monthlyHours: number) =>
  queryOptions({
    queryKey: ['subscription-requests', 'lounge', customerId, 'quote', templateId, monthlyHours],
    queryFn: ({ signal }) =>
      apiRequest<PackageQuote>(`/api/customers/${customerId}/package-change/quote`, {
        signal,
        query: { template_id: templateId, monthly_hours: monthlyHours },
      }),
    retry: false,
    staleTime: 30_000,
  });

/** Files the wish; the card shows it at once. A refusal fetches the card anew (what is true now). */
export async function fileWish(queryClient: QueryClient, customerId: number, body: PackageRequestCreate) {
  try {
    return await apiRequest<PackageRequest>(`/api/customers/${customerId}/package-change`, { method: 'POST', body });
  } finally {
    await queryClient.invalidateQueries({ queryKey: packageChangeQuery(customerId).queryKey });
  }
}

/** Takes the open wish back. */
export async function withdrawWish(queryClient: QueryClient, customerId: number, id: number) {
  try {
    return await apiRequest<PackageRequest>(`/api/subscription-requests/${id}/withdraw`, { method: 'POST', body: {} });
  } finally {
    await queryClient.invalidateQueries({ queryKey: packageChangeQuery(customerId).queryKey });
  }
}

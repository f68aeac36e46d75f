import type { CustomerVisits, LoungeVisit, VisitRequestCreate } from '@butler/contract/visits';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The "Nächste Termine" card's data (decision 0840), fetched ahead when the browser is idle
 * (decision 0413). Types only from `contract/visits.ts`: that module builds zod schemas,
 * which the lounge does not load (decision 0832). The key is the one the back office's
 * visits use for a customer, so a change there refreshes it too.
 */
export const loungeVisitsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['visits', 'customer', customerId],
    queryFn: ({ signal }) => apiRequest<CustomerVisits>(`/api/customers/${customerId}/visits`, { signal }),
  });

/** The card's data after the customer changed one visit: that visit as the server answered. */
export function withVisit(data: CustomerVisits, visit: LoungeVisit): CustomerVisits {
  return { ...data, upcoming: data.upcoming.map((v) => (v.id === visit.id ? visit : v)) };
}

function keep(queryClient: QueryClient, customerId: number, visit: LoungeVisit) {
  queryClient.setQueryData(loungeVisitsQuery(customerId).queryKey, (data) => (data ? withVisit(data, visit) : data));
  return visit;
}

/** POST /api/visits/{id}/confirm: the customer says the time suits them. */
export async function confirmVisit(queryClient: QueryClient, customerId: number, id: number) {
  const visit = await apiRequest<LoungeVisit>(`/api/visits/${id}/confirm`, { method: 'POST', body: {} });
  return keep(queryClient, customerId, visit);
}

/**
 * POST /api/visits/{id}/requests: the customer asks to move or cancel it. A refusal (too
 * late, asked already) fetches the card anew, so it shows what is true now.
 */
export async function requestVisitChange(
  queryClient: QueryClient,
  customerId: number,
  id: number,
  body: VisitRequestCreate,
) {
  try {
    const visit = await apiRequest<LoungeVisit>(`/api/visits/${id}/requests`, { method: 'POST', body });
    return keep(queryClient, customerId, visit);
  } catch (cause) {
    void queryClient.invalidateQueries({ queryKey: loungeVisitsQuery(customerId).queryKey });
    throw cause;
  }
}

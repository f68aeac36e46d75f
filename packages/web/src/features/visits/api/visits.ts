import type {
  CustomerVisits,
  OpenVisitRequest,
  TripMonth,
  Visit,
  VisitCancel,
  VisitCreate,
  VisitCreated,
  VisitDone,
  VisitUpdate,
} from '@butler/contract/visits';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every Termine query starts with 'visits': one change refreshes them all, the lounge's card
 * too (its key is `['visits', 'customer', id]`, customer-dashboard/visits).
 */
export const visitKeys = {
  all: ['visits'] as const,
  list: (params: VisitListParams) => ['visits', 'list', params] as const,
  people: ['visits', 'people'] as const,
  detail: (id: number) => ['visits', 'detail', id] as const,
  customer: (customerId: number) => ['visits', 'customer', customerId] as const,
  trips: (customerId: number) => ['visits', 'trips', customerId] as const,
  requests: ['visits', 'requests'] as const,
};

export type VisitListParams = { from: string; to: string; butlerId?: number | null; customerId?: number | null };

/** GET /api/visits: a week or a day of the calendar, the team's or one person's. */
export const visitListQuery = (params: VisitListParams) =>
  queryOptions({
    queryKey: visitKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<Visit[]>('/api/visits', {
        query: { from: params.from, to: params.to, butler_id: params.butlerId, customer_id: params.customerId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/visits/people: whom a visit can be planned for (the filter and "Wer kommt"). */
export const visitPeopleQuery = queryOptions({
  queryKey: visitKeys.people,
  queryFn: ({ signal }) => apiRequest<{ id: number; name: string }[]>('/api/visits/people', { signal }),
  staleTime: 60_000,
});

/** GET /api/visits/{id}: the visit the detail dialog shows (kept fresh after each action). */
export const visitQuery = (id: number) =>
  queryOptions({
    queryKey: visitKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Visit>(`/api/visits/${id}`, { signal }),
  });

/** GET /api/customers/{id}/visits: the next visits and this month's Fahrten (the customer page's card). */
export const customerVisitsQuery = (customerId: number) =>
  queryOptions({
    queryKey: visitKeys.customer(customerId),
    queryFn: ({ signal }) => apiRequest<CustomerVisits>(`/api/customers/${customerId}/visits`, { signal }),
  });

/** GET /api/customers/{id}/trips: Fahrten of the latest twelve months. */
export const customerTripsQuery = (customerId: number) =>
  queryOptions({
    queryKey: visitKeys.trips(customerId),
    queryFn: ({ signal }) => apiRequest<TripMonth[]>(`/api/customers/${customerId}/trips`, { signal }),
  });

/** GET /api/visit-requests: the customers' open wishes, oldest first ("Offene Wünsche"). */
export const openVisitRequestsQuery = queryOptions({
  queryKey: visitKeys.requests,
  queryFn: ({ signal }) => apiRequest<OpenVisitRequest[]>('/api/visit-requests', { signal }),
});

function useVisitMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      const visit = answer && typeof answer === 'object' && 'visit' in answer ? (answer.visit as Visit) : answer;
      if (visit && typeof visit === 'object' && 'butlers' in visit)
        queryClient.setQueryData(visitKeys.detail((visit as Visit).id), visit as Visit);
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

export const useCreateVisit = () =>
  useVisitMutation((body: VisitCreate) => apiRequest<VisitCreated>('/api/visits', { method: 'POST', body }));

export const useUpdateVisit = () =>
  useVisitMutation(({ id, body }: { id: number; body: VisitUpdate }) =>
    apiRequest<Visit>(`/api/visits/${id}`, { method: 'PATCH', body }),
  );

export const useCancelVisit = () =>
  useVisitMutation(({ id, body }: { id: number; body: VisitCancel }) =>
    apiRequest<Visit>(`/api/visits/${id}/cancel`, { method: 'POST', body }),
  );

export const useFinishVisit = () =>
  useVisitMutation((id: number) => apiRequest<VisitDone>(`/api/visits/${id}/done`, { method: 'POST', body: {} }));

/** POST /api/visit-requests/{id}/resolve: the wish is handled (with a note for the team). */
export const useResolveVisitRequest = () =>
  useVisitMutation(({ requestId, note }: { requestId: number; note: string }) =>
    apiRequest<Visit>(`/api/visit-requests/${requestId}/resolve`, { method: 'POST', body: { note } }),
  );

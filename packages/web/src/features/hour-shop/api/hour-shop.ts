import type { HourOffer, HourOfferInput, HourOrder, HourShop, HourShopAdmin } from '@butler/contract/hour-shop';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, DOCUMENT_TIMEOUT_MS } from '../../../lib/api-client';

/** The lounge's counter of one customer (GET /api/customers/{id}/hour-shop). */
export const hourShopQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['hour-shop', customerId],
    queryFn: ({ signal }) => apiRequest<HourShop>(`/api/customers/${customerId}/hour-shop`, { signal }),
    enabled: customerId > 0,
  });

/** The catalogue as Einstellungen edits it (the same answer as the settings, under its own key). */
export const hourOffersQuery = queryOptions({
  queryKey: ['hour-shop-offers'],
  queryFn: async ({ signal }) => (await apiRequest<HourShopAdmin>('/api/settings/hour-shop', { signal })).offers,
});

export const hourOrdersQuery = (state: HourOrder['state'] | 'requested') =>
  queryOptions({
    queryKey: ['hour-orders', state],
    queryFn: ({ signal }) => apiRequest<HourOrder[]>('/api/hour-orders', { query: { state }, signal }),
  });

export const hourOrdersWaitingQuery = queryOptions({
  queryKey: ['hour-orders', 'count'],
  queryFn: ({ signal }) => apiRequest<{ waiting: number }>('/api/hour-orders/count', { signal }),
});

/** What changes when an order is placed or decided: the counter, the hours, the invoices. */
const AFTER_ORDER = [['hour-shop'], ['hour-orders'], ['customer-dashboard'], ['customer-invoices'], ['dashboard']];

export function usePlaceHourOrder(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { offer_id: number; idempotency_key: string }) =>
      // Ordering issues the invoice and draws its PDF in the same request (decision 0834).
      apiRequest<HourOrder>(`/api/customers/${customerId}/hour-orders`, {
        method: 'POST',
        body,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
      }),
    onSettled: () => {
      for (const queryKey of AFTER_ORDER) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useDecideHourOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'confirm' } | { id: number; decision: 'decline'; note: string }) =>
      apiRequest<HourOrder>(`/api/hour-orders/${input.id}/${input.decision}`, {
        method: 'POST',
        body: input.decision === 'decline' ? { note: input.note } : undefined,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
      }),
    onSettled: () => {
      for (const queryKey of AFTER_ORDER) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useSaveHourOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: HourOfferInput }) =>
      apiRequest<HourOffer>(id === null ? '/api/settings/hour-shop/offers' : `/api/settings/hour-shop/offers/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['hour-shop-offers'] });
      void queryClient.invalidateQueries({ queryKey: ['hour-shop'] });
    },
  });
}

export function useDeleteHourOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/settings/hour-shop/offers/${id}`, { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['hour-shop-offers'] });
      void queryClient.invalidateQueries({ queryKey: ['hour-shop'] });
    },
  });
}

import type {
  ApprovalDecision,
  OrderAttachment,
  OrderCounts,
  OrderCreate,
  OrderDetail,
  OrderSummary,
  OrderUpdate,
} from '@butler/contract/orders';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { whileStreamIsDown } from './order-stream-state';

/** Every Aufträge query starts with 'orders': one event or one change refreshes them all. */
export const orderKeys = {
  all: ['orders'] as const,
  customer: (customerId: number) => ['orders', 'customer', customerId] as const,
  inbox: ['orders', 'inbox'] as const,
  counts: ['orders', 'counts'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

export const refreshOrders = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: orderKeys.all });

export type CustomerOrdersParams = { page?: number; pageSize?: number; state?: 'open' | string };

/** GET /api/customers/{id}/orders: the lounge's list and card, the customer page's tab, the time-entry select. */
export const customerOrdersQuery = (customerId: number, params: CustomerOrdersParams = {}) =>
  queryOptions({
    queryKey: [...orderKeys.customer(customerId), params],
    queryFn: ({ signal }) =>
      apiRequestWithTotal<OrderSummary[]>(`/api/customers/${customerId}/orders`, {
        query: { page: params.page ?? 1, page_size: params.pageSize ?? 20, state: params.state },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type InboxParams = {
  page: number;
  pageSize: number;
  state?: string;
  assignee_id?: number | 'none';
  customer_id?: number;
  due?: string;
  urgent?: boolean;
  q?: string;
};

/**
 * GET /api/orders: the staff inbox, paged and filtered on the server. The event stream
 * refreshes it at once; only while the stream is down is it read every 15 s.
 */
export const inboxQuery = (params: InboxParams) =>
  queryOptions({
    refetchInterval: whileStreamIsDown(15_000),
    queryKey: [...orderKeys.inbox, params],
    queryFn: ({ signal }) =>
      apiRequestWithTotal<OrderSummary[]>('/api/orders', {
        query: {
          page: params.page,
          page_size: params.pageSize,
          state: params.state,
          assignee_id: params.assignee_id,
          customer_id: params.customer_id,
          due: params.due,
          urgent: params.urgent === undefined ? undefined : String(params.urgent),
          q: params.q,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/orders/counts: the navigation badge and the dashboard tile (refreshed by the event stream, and each minute). */
export const orderCountsQuery = queryOptions({
  queryKey: orderKeys.counts,
  queryFn: ({ signal }) => apiRequest<OrderCounts>('/api/orders/counts', { signal }),
  refetchInterval: 60_000,
  staleTime: 10_000,
});

/** GET /api/orders/{id}; refreshed by the event stream (the customer's answer, a colleague's note), every 15 s while it is down. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    refetchInterval: whileStreamIsDown(15_000),
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<OrderDetail>(`/api/orders/${id}`, { signal }),
  });

function useOrderMutation<Input, Output = OrderDetail>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'messages' in answer) {
        const detail = answer as unknown as OrderDetail;
        queryClient.setQueryData(orderKeys.detail(detail.id), detail);
      }
      void refreshOrders(queryClient);
    },
  });
}

export const useCreateOrder = () =>
  useOrderMutation(({ customerId, body }: { customerId: number; body: OrderCreate }) =>
    apiRequest<OrderDetail>(`/api/customers/${customerId}/orders`, { method: 'POST', body }),
  );

export const useUpdateOrder = (id: number) =>
  useOrderMutation((body: OrderUpdate) => apiRequest<OrderDetail>(`/api/orders/${id}`, { method: 'PATCH', body }));

export const useAcceptOrder = (id: number) =>
  useOrderMutation((assignee_admin_id?: number | null) =>
    apiRequest<OrderDetail>(`/api/orders/${id}/accept`, {
      method: 'POST',
      body: assignee_admin_id ? { assignee_admin_id } : {},
    }),
  );

export const useOrderMessage = (id: number) =>
  useOrderMutation((body: { body: string; internal: boolean }) =>
    apiRequest<unknown>(`/api/orders/${id}/messages`, { method: 'POST', body }),
  );

export const useWithdrawOrder = (id: number) =>
  useOrderMutation(() => apiRequest<OrderDetail>(`/api/orders/${id}/withdraw`, { method: 'POST', body: {} }));

export const useOrderApproval = (id: number) =>
  useOrderMutation((body: { decision: ApprovalDecision; comment?: string }) =>
    apiRequest<OrderDetail>(`/api/orders/${id}/approval`, { method: 'POST', body }),
  );

export const useOrderOverride = (id: number) =>
  useOrderMutation((reason: string) =>
    apiRequest<OrderDetail>(`/api/orders/${id}/override`, { method: 'POST', body: { reason } }),
  );

export const useCloseOrder = (id: number) =>
  useOrderMutation((summary: string) =>
    apiRequest<OrderDetail>(`/api/orders/${id}/close`, {
      method: 'POST',
      body: summary.trim() ? { summary: summary.trim() } : {},
    }),
  );

/** POST /api/orders/{id}/attachments: one file per request (multipart, field `file`). */
export function uploadOrderAttachment(orderId: number, file: File, messageId?: number) {
  const form = new FormData();
  form.append('file', file);
  if (messageId) form.append('message_id', String(messageId));
  return apiRequest<OrderAttachment>(`/api/orders/${orderId}/attachments`, { method: 'POST', body: form });
}

export const useUploadAttachments = (orderId: number) =>
  useOrderMutation(async (files: File[]) => {
    for (const file of files) await uploadOrderAttachment(orderId, file);
    return null;
  });

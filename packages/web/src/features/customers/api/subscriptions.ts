import type { SubscriptionHistory } from '@butler/contract/dashboard';
import type { SubscriptionTemplate } from '@butler/contract/subscription-templates';
import type {
  Subscription,
  SubscriptionCreate,
  SubscriptionCreateResponse,
  SubscriptionUpdate,
} from '@butler/contract/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { backOfficeKeys, type ListParams, listQuery, refreshBackOffice } from '../../../lib/back-office';

export function useSubscriptions(params: ListParams) {
  return useQuery({
    queryKey: [...backOfficeKeys.subscriptions, params],
    queryFn: () => apiRequestWithTotal<Subscription[]>('/api/subscriptions', { query: listQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

/** Same key as the settings card, so a new template shows up here at once. */
export function useTemplates() {
  return useQuery({
    queryKey: backOfficeKeys.templates,
    queryFn: () => apiRequest<SubscriptionTemplate[]>('/api/subscription-templates'),
  });
}

export function useSubscriptionHistory(id: number | null) {
  return useQuery({
    queryKey: backOfficeKeys.history(id ?? 0),
    queryFn: () => apiRequest<SubscriptionHistory>(`/api/subscriptions/${id}/history`),
    enabled: id !== null,
  });
}

export type SubscriptionSave =
  | { kind: 'create'; body: SubscriptionCreate }
  | { kind: 'update'; id: number; body: SubscriptionUpdate };

export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SubscriptionSave): Promise<SubscriptionCreateResponse> =>
      save.kind === 'update'
        ? apiRequest<Subscription>(`/api/subscriptions/${save.id}`, { method: 'PUT', body: save.body })
        : apiRequest<SubscriptionCreateResponse>('/api/subscriptions', { method: 'POST', body: save.body }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/subscriptions/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

import type { SubscriptionTemplate, SubscriptionTemplateInput } from '@butler/contract/subscription-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Same key as the ButlerPaket dialog's template list, so both stay in step. */
const KEY = ['subscription-templates'] as const;

export function useTemplateList() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest<SubscriptionTemplate[]>('/api/subscription-templates') });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SubscriptionTemplateInput }) =>
      id
        ? apiRequest<SubscriptionTemplate>(`/api/subscription-templates/${id}`, { method: 'PUT', body })
        : apiRequest<SubscriptionTemplate>('/api/subscription-templates', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/subscription-templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

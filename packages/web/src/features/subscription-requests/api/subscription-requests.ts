import type { PackageRequest, StaffPackageRequest } from '@butler/contract/subscription-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshBackOffice } from '../../../lib/back-office';

/** The customers' wishes for their ButlerPakete (decision 0851); the lounge's key starts the same. */
export const packageRequestKeys = {
  all: ['subscription-requests'] as const,
  list: (customerId?: number) => ['subscription-requests', 'staff', customerId ?? 'open'] as const,
};

/** Open wishes of all customers (no id), or one customer's wishes, newest first. */
export function usePackageRequests(customerId?: number, enabled = true) {
  return useQuery({
    queryKey: packageRequestKeys.list(customerId),
    queryFn: ({ signal }) =>
      apiRequest<StaffPackageRequest[]>('/api/subscription-requests', { signal, query: { customer_id: customerId } }),
    enabled,
  });
}

export type PackageAnswer = { id: number; outcome: 'accept' | 'decline'; note: string };

/** Annehmen or Ablehnen; an accepted wish changes the ButlerPakete, so the back office refreshes. */
export function useAnswerPackageRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: PackageAnswer) =>
      apiRequest<PackageRequest>(`/api/subscription-requests/${id}/${outcome}`, { method: 'POST', body: { note } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: packageRequestKeys.all });
      refreshBackOffice(queryClient);
    },
  });
}

import type { Onboarding } from '@butler/contract/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['onboarding'] as const;

/** GET /api/onboarding: greeting, targets and the "Erste Schritte" checklist, fresh on every visit. */
export function useOnboarding() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<Onboarding>('/api/onboarding', { signal }),
    staleTime: 0,
  });
}

/** PUT /api/onboarding/checklist: hide or show the checklist for oneself. */
export function useChecklistVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => apiRequest('/api/onboarding/checklist', { method: 'PUT', body: { hidden } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

import type { TimeEntry, TimeEntryCreate, TimeEntryUpdate } from '@butler/contract/time-entries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { backOfficeKeys, type ListParams, listQuery, refreshBackOffice } from '../../../lib/back-office';

export function useTimeEntries(params: ListParams) {
  return useQuery({
    queryKey: [...backOfficeKeys.timeEntries, params],
    queryFn: () => apiRequestWithTotal<TimeEntry[]>('/api/time-entries', { query: listQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

export type TimeEntrySave =
  | { kind: 'create'; customerId: number; body: TimeEntryCreate }
  | { kind: 'update'; id: number; body: TimeEntryUpdate };

export function useSaveTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TimeEntrySave) =>
      save.kind === 'update'
        ? apiRequest<TimeEntry>(`/api/time-entries/${save.id}`, { method: 'PUT', body: save.body })
        : apiRequest<TimeEntry>(`/api/customers/${save.customerId}/time-entries`, { method: 'POST', body: save.body }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

export function useDeleteTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/time-entries/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

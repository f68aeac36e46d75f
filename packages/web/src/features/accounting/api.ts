import type { AccountingSettings, Handover, HandoverInput, HandoverList } from '@butler/contract/accounting-handover';
import type { ClosedMonths } from '@butler/contract/accounting-periods';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

/** The handovers to the tax adviser and the settings they use (decision 0820). */
export const accountingKeys = {
  all: ['accounting'] as const,
  settings: () => [...accountingKeys.all, 'settings'] as const,
  handovers: (page: number) => [...accountingKeys.all, 'handovers', page] as const,
  closedMonths: () => [...accountingKeys.all, 'closed-months'] as const,
};

/** The chart as saved (its fiscal year start names a year's months); the same query as the chart's form. */
export function useAccountingSettings() {
  return useQuery({
    queryKey: accountingKeys.settings(),
    queryFn: ({ signal }) => apiRequest<AccountingSettings>('/api/accounting/settings', { signal }),
  });
}

export const HANDOVER_PAGE_SIZE = 10;
/** A year's documents in one ZIP take a while to pack and to fetch. */
const LONG_CALL_MS = 120_000;

export const handoversQuery = (page: number) =>
  queryOptions({
    queryKey: accountingKeys.handovers(page),
    queryFn: ({ signal }) =>
      apiRequest<HandoverList>('/api/accounting/handovers', {
        signal,
        query: { page, page_size: HANDOVER_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export function useHandovers(page: number) {
  return useQuery(handoversQuery(page));
}

/** Creating one may close months: the closed months and every list of them refresh. */
export function useCreateHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HandoverInput) =>
      apiRequest<Handover>('/api/accounting/handovers', { method: 'POST', body, timeoutMs: LONG_CALL_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}

export async function downloadHandover(handover: Pick<Handover, 'id' | 'file_name'>) {
  saveBlob(
    await apiDownload(`/api/accounting/handovers/${handover.id}/download`, { timeoutMs: LONG_CALL_MS }),
    handover.file_name,
  );
}

export function useClosedMonths() {
  return useQuery({
    queryKey: accountingKeys.closedMonths(),
    queryFn: async ({ signal }) => (await apiRequest<ClosedMonths>('/api/accounting/closed-months', { signal })).months,
  });
}

export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ month, reason }: { month: string; reason: string }) =>
      apiRequest(`/api/accounting/closed-months/${month}/reopen`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}

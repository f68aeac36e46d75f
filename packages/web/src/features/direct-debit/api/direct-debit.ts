import type {
  DirectDebitSettings,
  DirectDebitSettingsInput,
  Mandate,
  MandateInput,
  RunDetail,
  zDueCollections,
  zRunPage,
} from '@butler/contract/direct-debit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** Query keys of direct debit; a run or a mandate change refreshes all of them (and invoices). */
export const directDebitKeys = {
  all: ['direct-debit'] as const,
  settings: ['direct-debit', 'settings'] as const,
  mandates: (customerId: number) => ['direct-debit', 'mandates', customerId] as const,
  due: (date: string | null) => ['direct-debit', 'due', date] as const,
  runs: (page: number) => ['direct-debit', 'runs', page] as const,
  run: (id: number) => ['direct-debit', 'run', id] as const,
};
export const RUN_PAGE_SIZE = 20;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: directDebitKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['quickbill'] });
  };
}

export function useDirectDebitSettings() {
  return useQuery({
    queryKey: directDebitKeys.settings,
    queryFn: () => apiRequest<DirectDebitSettings>('/api/direct-debit/settings'),
  });
}

export function useSaveDirectDebitSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DirectDebitSettingsInput) =>
      apiRequest<DirectDebitSettings>('/api/direct-debit/settings', { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useMandates(customerId: number) {
  return useQuery({
    queryKey: directDebitKeys.mandates(customerId),
    queryFn: () => apiRequest<Mandate[]>(`/api/customers/${customerId}/mandates`),
  });
}

export function useMandateSuggestion(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...directDebitKeys.mandates(customerId), 'suggestion'],
    queryFn: () => apiRequest<{ reference: string }>(`/api/customers/${customerId}/mandates/suggestion`),
    enabled,
  });
}

export function useMandateActions(customerId: number) {
  const refresh = useRefresh();
  return {
    create: useMutation({
      mutationFn: (body: MandateInput) =>
        apiRequest<Mandate>(`/api/customers/${customerId}/mandates`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        apiRequest<Mandate>(`/api/mandates/${id}/revoke`, { method: 'POST', body: { reason } }),
      onSuccess: refresh,
    }),
  };
}

/** The form to sign: pre-filled for the next mandate, or the recorded mandate's own. */
export async function downloadMandateForm(target: { customerId: number; reference?: string } | { mandateId: number }) {
  const blob =
    'mandateId' in target
      ? await apiDownload(`/api/mandates/${target.mandateId}/form`)
      : await apiDownload(`/api/customers/${target.customerId}/mandate-form`, {
          query: { reference: target.reference || undefined },
        });
  saveBlob(blob, 'SEPA-Lastschrift-Mandat.pdf');
}

export function useDueCollections(date: string | null) {
  return useQuery({
    queryKey: directDebitKeys.due(date),
    queryFn: () =>
      apiRequest<z.infer<typeof zDueCollections>>('/api/direct-debit/due', {
        query: { collection_date: date ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRuns(page: number) {
  return useQuery({
    queryKey: directDebitKeys.runs(page),
    queryFn: () =>
      apiRequest<z.infer<typeof zRunPage>>('/api/direct-debit/runs', { query: { page, page_size: RUN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useRun(id: number | null) {
  return useQuery({
    queryKey: directDebitKeys.run(id ?? 0),
    queryFn: () => apiRequest<RunDetail>(`/api/direct-debit/runs/${id}`),
    enabled: id !== null,
  });
}

export function useRunActions() {
  const refresh = useRefresh();
  return {
    create: useMutation({
      mutationFn: (body: { collection_date: string; invoice_ids: number[] }) =>
        apiRequest<RunDetail>('/api/direct-debit/runs', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    discard: useMutation({
      mutationFn: (id: number) => apiRequest<RunDetail>(`/api/direct-debit/runs/${id}/discard`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    /** "Bei der Bank eingereicht": staff uploaded the file at the bank (decision 0722). */
    atBank: useMutation({
      mutationFn: (id: number) => apiRequest<RunDetail>(`/api/direct-debit/runs/${id}/at-bank`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}

/** Downloads a run's file; the server records the first download, so the run's stage is read again. */
export function useDownloadRunFile() {
  const refresh = useRefresh();
  return async (run: { id: number; file_name: string }) => {
    saveBlob(await apiDownload(`/api/direct-debit/runs/${run.id}/file`), run.file_name);
    refresh();
  };
}

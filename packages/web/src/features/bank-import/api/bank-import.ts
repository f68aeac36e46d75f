import type {
  BankEntry,
  BankEntryPage,
  EntryKind,
  ImportSummary,
  MatchState,
  zAssignableInvoice,
  zBankFilePage,
} from '@butler/contract/bank-import';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** The list's filter as the screens set it (the server validates the same fields). */
export type EntryFilter = {
  state: MatchState | 'all';
  kind: EntryKind | 'all';
  search?: string;
  customer_id?: number;
  page: number;
};

export const bankKeys = {
  all: ['bank-import'] as const,
  entries: (query: EntryFilter) => ['bank-import', 'entries', query] as const,
  files: (page: number) => ['bank-import', 'files', page] as const,
  assignable: (search: string) => ['bank-import', 'assignable', search] as const,
};
export const ENTRY_PAGE_SIZE = 25;
export const FILE_PAGE_SIZE = 10;

/** A booking changes invoices, runs and mandates too: refresh them all. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [bankKeys.all, ['quickbill'], ['direct-debit']])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useBankEntries(query: EntryFilter) {
  return useQuery({
    queryKey: bankKeys.entries(query),
    queryFn: () => apiRequest<BankEntryPage>('/api/bank-entries', { query: { ...query, page_size: ENTRY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useBankFiles(page: number) {
  return useQuery({
    queryKey: bankKeys.files(page),
    queryFn: () =>
      apiRequest<z.infer<typeof zBankFilePage>>('/api/bank-import/files', {
        query: { page, page_size: FILE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAssignableInvoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: bankKeys.assignable(search),
    queryFn: () =>
      apiRequest<Array<z.infer<typeof zAssignableInvoice>>>('/api/bank-entries/assignable-invoices', {
        query: { search },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** What an import did, again (decision 0723): counts, warnings, what was skipped and not booked. */
export function useFileSummary(id: number | null) {
  return useQuery({
    queryKey: [...bankKeys.all, 'file-summary', id],
    queryFn: () => apiRequest<ImportSummary>(`/api/bank-import/files/${id}`),
    enabled: id !== null,
  });
}

export function useImportBankFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<ImportSummary>('/api/bank-import/files', { method: 'POST', body });
    },
    onSuccess: refresh,
  });
}

export function useEntryActions() {
  const refresh = useRefresh();
  return {
    /** `acceptCredit`: the credit (Guthaben) staff agreed to, exactly as the server would book it (decision 0726). */
    confirm: useMutation({
      mutationFn: ({ id, acceptCredit = 0 }: { id: number; acceptCredit?: number }) =>
        apiRequest<BankEntry>(`/api/bank-entries/${id}/confirm`, {
          method: 'POST',
          body: { accept_credit: acceptCredit },
        }),
      onSuccess: refresh,
    }),
    assign: useMutation({
      mutationFn: ({ id, invoiceId, acceptCredit = 0 }: { id: number; invoiceId: number; acceptCredit?: number }) =>
        apiRequest<BankEntry>(`/api/bank-entries/${id}/assign`, {
          method: 'POST',
          body: { invoice_id: invoiceId, accept_credit: acceptCredit },
        }),
      onSuccess: refresh,
    }),
    ignore: useMutation({
      mutationFn: ({ id, note }: { id: number; note: string }) =>
        apiRequest<BankEntry>(`/api/bank-entries/${id}/ignore`, { method: 'POST', body: { note } }),
      onSuccess: refresh,
    }),
  };
}

export async function downloadBankFile(file: { id: number; file_name: string }) {
  saveBlob(await apiDownload(`/api/bank-import/files/${file.id}/download`), file.file_name);
}

export function useReturnsPending() {
  return useQuery({
    queryKey: [...bankKeys.all, 'returns-pending'],
    queryFn: () => apiRequest<{ pending: number }>('/api/bank-entries/returns-digest'),
  });
}

export function useSendReturnsDigest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ returns: number; mails: number }>('/api/bank-entries/returns-digest', { method: 'POST' }),
    onSuccess: refresh,
  });
}

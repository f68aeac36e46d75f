import type { CustomerListItem } from '@butler/contract/customers';
import type {
  WikiCategory,
  WikiCategoryCount,
  WikiCategoryInput,
  WikiEntry,
  WikiEntryCreate,
  WikiEntryUpdate,
  WikiFile,
  WikiRecentCustomer,
} from '@butler/contract/wiki';
import { WIKI_SEARCH_MIN_LENGTH } from '@butler/contract/wiki';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const wikiKeys = {
  all: ['wiki'] as const,
  categories: ['wiki', 'categories'] as const,
  counts: (customerId: number) => ['wiki', 'counts', customerId] as const,
  entries: (customerId: number, categoryId: number) => ['wiki', 'entries', customerId, categoryId] as const,
  entry: (id: number) => ['wiki', 'entry', id] as const,
  search: (q: string) => ['wiki', 'search', q] as const,
  recent: ['wiki', 'recent'] as const,
  projects: ['wiki', 'projects'] as const,
};

/** Every wiki change may move counts, lists, search hits and recent customers: refresh all. */
export function refreshWiki(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: wikiKeys.all });
}

export function useWikiCategories() {
  return useQuery({
    queryKey: wikiKeys.categories,
    queryFn: ({ signal }) => apiRequest<WikiCategory[]>('/api/wiki/categories', { signal }),
  });
}

export function useCategoryCounts(customerId: number | null) {
  return useQuery({
    queryKey: wikiKeys.counts(customerId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<WikiCategoryCount[]>('/api/wiki/category-counts', { query: { customer_id: customerId }, signal }),
    enabled: customerId !== null,
  });
}

export function useWikiEntries(customerId: number | null, categoryId: number | null) {
  return useQuery({
    queryKey: wikiKeys.entries(customerId ?? 0, categoryId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<WikiEntry[]>('/api/wiki/entries', {
        query: { customer_id: customerId, category_id: categoryId },
        signal,
      }),
    enabled: customerId !== null && categoryId !== null,
  });
}

/** One entry as stored (secrets null); the edit dialog and ?edit= load it. */
export function useWikiEntry(id: number | null) {
  return useQuery({
    queryKey: wikiKeys.entry(id ?? 0),
    queryFn: ({ signal }) => apiRequest<WikiEntry>(`/api/wiki/entries/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The secrets in clear (audited on the server); never cached. */
export function fetchDecryptedEntry(id: number) {
  return apiRequest<WikiEntry>(`/api/wiki/entries/${id}`, { query: { decrypt_passwords: 'true' } });
}

export function useWikiSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: wikiKeys.search(q),
    queryFn: ({ signal }) => apiRequest<WikiEntry[]>('/api/wiki/search', { query: { q }, signal }),
    enabled: q.length >= WIKI_SEARCH_MIN_LENGTH,
  });
}

export function useRecentCustomers() {
  return useQuery({
    queryKey: wikiKeys.recent,
    queryFn: ({ signal }) => apiRequest<WikiRecentCustomer[]>('/api/wiki/recent-customers', { signal }),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WikiCategoryInput }) =>
      id
        ? apiRequest<WikiCategory>(`/api/wiki/categories/${id}`, { method: 'PUT', body })
        : apiRequest<WikiCategory>('/api/wiki/categories', { method: 'POST', body }),
    onSuccess: () => refreshWiki(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/wiki/categories/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshWiki(queryClient),
  });
}

export function createEntry(body: WikiEntryCreate) {
  return apiRequest<WikiEntry>('/api/wiki/entries', { method: 'POST', body });
}

export function updateEntry(id: number, body: WikiEntryUpdate) {
  return apiRequest<WikiEntry>(`/api/wiki/entries/${id}`, { method: 'PUT', body });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/wiki/entries/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshWiki(queryClient),
  });
}

/** One multipart request per file (SPEC §5: each uploaded separately). */
export function uploadFile(entryId: number, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<WikiFile>(`/api/wiki/entries/${entryId}/files`, { method: 'POST', body });
}

/** Uploads files one after another; returns how many failed (the first error kept). */
export async function uploadFiles(entryId: number, files: File[]) {
  let failed = 0;
  let firstError: unknown = null;
  for (const file of files) {
    try {
      await uploadFile(entryId, file);
    } catch (error) {
      failed += 1;
      firstError ??= error;
    }
  }
  return { failed, firstError };
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => apiRequest(`/api/wiki/files/${fileId}`, { method: 'DELETE' }),
    onSuccess: () => refreshWiki(queryClient),
  });
}

/** The chosen customer's name for the header (404 → 'Kunde nicht gefunden'). */
export function useWikiCustomer(id: number | null) {
  return useQuery({
    queryKey: ['customer', id],
    queryFn: ({ signal }) => apiRequest<CustomerListItem>(`/api/customers/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

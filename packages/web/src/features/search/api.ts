import { SEARCH_MIN_LENGTH, type SearchResults } from '@butler/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The top bar's search (GET /api/search, decision 0650); the last answer stays while the next loads. */
export function useGlobalSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => apiRequest<SearchResults>('/api/search', { query: { q }, signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * A QueryClient whose invalidation never keeps an answer that was already on its way.
 *
 * TanStack Query refetches an invalidated query, but a query's *first* fetch that is still
 * in flight is reused rather than replaced (`cancelRefetch` only applies once a query has
 * data). That answer may have been read before the change that invalidated it: typing a
 * search and deleting the customer at once left the deleted customer in the list
 * (decision 0680). Cancelling the matching fetches first makes every invalidation fetch
 * anew, after the change.
 */
export class FreshQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient() {
  return new FreshQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Never retry what the server refused on purpose (4xx); retry network trouble once.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
    },
  });
}

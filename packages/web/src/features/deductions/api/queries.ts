import type { DeductionsResponse } from '@butler/contract/dashboard';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type DeductionKind = 'butler-packages' | 'hour-packages';
export const BILLING_TYPE: Record<DeductionKind, 'abos' | 'stundenpakete'> = {
  'butler-packages': 'abos',
  'hour-packages': 'stundenpakete',
};
const PAGE_SIZE = 25;

/** GET /api/customers/{id}/deductions page by page ('Weitere laden'), newest first. */
export function useDeductions(customerId: number | null, kind: DeductionKind) {
  return useInfiniteQuery({
    queryKey: ['deductions', customerId, kind],
    enabled: customerId !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DeductionsResponse>(`/api/customers/${customerId}/deductions`, {
        query: { billing_type: BILLING_TYPE[kind], page: pageParam, page_size: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.page * last.page_size < last.total_count ? last.page + 1 : undefined),
  });
}

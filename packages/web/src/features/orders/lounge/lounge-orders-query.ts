import type { OrderSummary } from '@butler/contract/orders';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestWithTotal } from '../../../lib/api-client';

/** At most three open Aufträge on the lounge's start page. */
export const LOUNGE_CARD_ORDERS = 3;

/**
 * The "Meine Aufträge" card's data, fetched ahead when the browser is idle (decision 0413).
 * Tiny on purpose: the lounge's first script imports it; the card itself comes later. The key
 * is the one `customerOrdersQuery` builds, so every Aufträge change refreshes it too.
 */
export const loungeOrdersQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['orders', 'customer', customerId, { state: 'open', pageSize: LOUNGE_CARD_ORDERS }],
    queryFn: ({ signal }) =>
      apiRequestWithTotal<OrderSummary[]>(`/api/customers/${customerId}/orders`, {
        query: { page: 1, page_size: LOUNGE_CARD_ORDERS, state: 'open' },
        signal,
      }),
  });

import type { CustomerInvoice } from '@butler/contract/customer-invoices';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequestWithTotal } from '../../../lib/api-client';

/**
 * A page of "Meine Rechnungen"; the lounge fetches the first one ahead when the browser is
 * idle (decision 0413), the card itself loads later as its own script.
 */
/** As the server's default (contract: CUSTOMER_INVOICE_PAGE_SIZE); the contract module would bring zod into the lounge's first script. */
export const INVOICES_PAGE_SIZE = 10;

export const customerInvoicesQuery = (customerId: number, page = 1) =>
  queryOptions({
    queryKey: ['customer-invoices', customerId, page],
    queryFn: ({ signal }) =>
      apiRequestWithTotal<CustomerInvoice[]>(`/api/customers/${customerId}/invoices`, {
        query: { page, page_size: INVOICES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

import type { CustomerAccount, InvoicePayments, OpenItems, RecordPaymentInput } from '@butler/contract/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quickbillKeys, refreshQuickbill } from './keys';

/** Payments, credit (Guthaben) and Offene Posten (decision 0580). */

export function useInvoicePayments(invoiceId: number, enabled = true) {
  return useQuery({
    queryKey: quickbillKeys.payments(invoiceId),
    queryFn: () => apiRequest<InvoicePayments>(`/api/quickbill/invoices/${invoiceId}/payments`),
    enabled,
  });
}

export function useCustomerAccount(customerId: number, enabled = true) {
  return useQuery({
    queryKey: quickbillKeys.account(customerId),
    queryFn: () => apiRequest<CustomerAccount>(`/api/quickbill/customers/${customerId}/account`),
    enabled: enabled && customerId > 0,
  });
}

export function useOpenItems(filters: { search?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...quickbillKeys.openItems, filters],
    queryFn: () =>
      apiRequest<OpenItems>('/api/quickbill/open-items', {
        query: { search: filters.search, page: filters.page, page_size: filters.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every ledger write changes invoices, figures and accounts: all of Quickbill is refetched. */
export function usePaymentActions() {
  const queryClient = useQueryClient();
  const after = () => refreshQuickbill(queryClient);
  const post = <T>(url: string, body: unknown) => apiRequest<T>(url, { method: 'POST', body });
  return {
    record: useMutation({
      mutationFn: ({ invoiceId, ...body }: { invoiceId: number } & RecordPaymentInput) =>
        post<InvoicePayments>(`/api/quickbill/invoices/${invoiceId}/payments`, body),
      onSuccess: after,
    }),
    reverse: useMutation({
      mutationFn: ({ entryId, reason }: { entryId: number; reason: string }) =>
        post<{ invoice_id: number | null }>(`/api/quickbill/payments/${entryId}/reverse`, { reason }),
      onSuccess: after,
    }),
    applyCredit: useMutation({
      mutationFn: ({ customerId, ...body }: { customerId: number; invoice_id: number; amount: number }) =>
        post<CustomerAccount>(`/api/quickbill/customers/${customerId}/credit/apply`, body),
      onSuccess: after,
    }),
    refund: useMutation({
      mutationFn: ({ customerId, ...body }: { customerId: number } & RecordPaymentInput) =>
        post<CustomerAccount>(`/api/quickbill/customers/${customerId}/credit/refund`, body),
      onSuccess: after,
    }),
  };
}

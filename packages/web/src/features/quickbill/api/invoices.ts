import type {
  InvoiceDashboard,
  InvoiceDetail,
  InvoiceListItem,
  SendInvoiceInput,
  zBulkSendResult,
  zInvoiceInput,
  zMonthlyRunResult,
} from '@butler/contract/quickbill';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiRequestWithTotal, DOCUMENT_TIMEOUT_MS } from '../../../lib/api-client';
import { INVOICE_PAGE_SIZE, quickbillKeys, refreshQuickbill } from './keys';

/** What the editor sends; the server applies defaults and validates (zod input side). */
export type InvoiceBody = z.input<typeof zInvoiceInput>;

export type InvoiceFilters = {
  search?: string;
  status?: string;
  dateFilter?: string;
  page: number;
};

export function useInvoiceDashboard() {
  return useQuery({
    queryKey: quickbillKeys.dashboard,
    queryFn: () => apiRequest<InvoiceDashboard>('/api/quickbill/invoices/dashboard'),
  });
}

/** SPEC §7: the dashboard's latest 5 come from `?limit=5`. */
export function useLatestInvoices() {
  return useQuery({
    queryKey: [...quickbillKeys.invoices, 'latest'],
    queryFn: () => apiRequest<InvoiceListItem[]>('/api/quickbill/invoices', { query: { limit: 5 } }),
  });
}

export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: [...quickbillKeys.invoices, filters],
    queryFn: () =>
      apiRequestWithTotal<InvoiceListItem[]>('/api/quickbill/invoices', {
        query: {
          search: filters.search,
          status: filters.status === 'all' ? undefined : filters.status,
          date_filter: filters.dateFilter === 'all' ? undefined : filters.dateFilter,
          page: filters.page,
          page_size: INVOICE_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: quickbillKeys.invoice(id ?? 0),
    queryFn: () => apiRequest<InvoiceDetail>(`/api/quickbill/invoices/${id}`),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    // While its mail waits in the outbox, look again every few seconds for the delivery.
    refetchInterval: (query) => (query.state.data?.mail?.status === 'queued' ? 3000 : false),
  });
}

export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: InvoiceBody }) =>
      id
        ? apiRequest<InvoiceDetail>(`/api/quickbill/invoices/${id}`, { method: 'PUT', body })
        : apiRequest<InvoiceDetail>('/api/quickbill/invoices', { method: 'POST', body }),
    onSuccess: (invoice) => {
      queryClient.setQueryData(quickbillKeys.invoice(invoice.id), invoice);
      refreshQuickbill(queryClient);
    },
  });
}

type CancelResult = { deleted: boolean; credit_note_id: number | null; credit_note_mailed: boolean };
type SendResult = { invoice_number: string | null; mail_id: number | null; mail_status: 'queued' | 'sent' | 'failed' };

/** The invoice actions of SPEC §4 and DOMAIN-RULES §7; each refreshes all of Quickbill. */
export function useInvoiceActions() {
  const queryClient = useQueryClient();
  const after = () => refreshQuickbill(queryClient);
  // Each action may draw a document (the invoice, a Stornorechnung, a reminder letter).
  const post = <T>(url: string, body?: unknown) =>
    apiRequest<T>(url, { method: 'POST', body, timeoutMs: DOCUMENT_TIMEOUT_MS });
  return {
    send: useMutation({
      mutationFn: ({ id, ...body }: { id: number } & SendInvoiceInput) =>
        post<SendResult>(`/api/quickbill/invoices/${id}/send`, body),
      onSuccess: after,
    }),
    cancel: useMutation({
      mutationFn: (id: number) => post<CancelResult>(`/api/quickbill/invoices/${id}/cancel`),
      onSuccess: after,
    }),
    duplicate: useMutation({
      mutationFn: (id: number) => post<InvoiceDetail>(`/api/quickbill/invoices/${id}/duplicate`),
      onSuccess: after,
    }),
    remind: useMutation({
      mutationFn: (id: number) => post<{ level: number; label: string }>(`/api/quickbill/invoices/${id}/reminders`),
      onSuccess: after,
    }),
    bulkSend: useMutation({
      mutationFn: (ids: number[]) =>
        post<z.infer<typeof zBulkSendResult>>('/api/quickbill/invoices/bulk-send', { ids }),
      onSuccess: after,
    }),
    fromHourPackage: useMutation({
      mutationFn: (packageId: number) => post<InvoiceDetail>(`/api/quickbill/invoices/from-hour-package/${packageId}`),
      onSuccess: after,
    }),
    monthlyRun: useMutation({
      mutationFn: (body: { year: number; month: number }) =>
        post<z.infer<typeof zMonthlyRunResult>>('/api/quickbill/monthly-run', body),
      onSuccess: after,
    }),
  };
}

import type { Customer } from '@butler/contract/customers';
import type { HourPackage } from '@butler/contract/hour-packages';
import type { BillableCustomer, Product, zBillableTimeEntry, zProductInput } from '@butler/contract/quickbill';
import type { InvoiceSettings, InvoiceSettingsInput } from '@butler/contract/quickbill-settings';
import type { ToBillCustomer } from '@butler/contract/to-bill';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { quickbillKeys, refreshQuickbill } from './keys';

export type BillableTimeEntry = z.infer<typeof zBillableTimeEntry>;
export type ProductInput = z.input<typeof zProductInput>;

export function useProducts(activeOnly = false) {
  return useQuery({
    queryKey: [...quickbillKeys.products, activeOnly],
    queryFn: () =>
      apiRequest<Product[]>('/api/quickbill/products', { query: { active: activeOnly ? 'true' : undefined } }),
  });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ProductInput }) =>
      id
        ? apiRequest<Product>(`/api/quickbill/products/${id}`, { method: 'PUT', body })
        : apiRequest<Product>('/api/quickbill/products', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickbillKeys.products }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/quickbill/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickbillKeys.products }),
  });
}

export function useInvoiceSettings() {
  return useQuery({
    queryKey: quickbillKeys.settings,
    queryFn: () => apiRequest<InvoiceSettings>('/api/quickbill/settings'),
  });
}

export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsInput) =>
      apiRequest<InvoiceSettings>('/api/quickbill/settings', { method: 'PUT', body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(quickbillKeys.settings, settings);
      refreshQuickbill(queryClient);
    },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<InvoiceSettings>('/api/quickbill/settings/logo', { method: 'POST', body: form });
    },
    onSuccess: () => refreshQuickbill(queryClient),
  });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/quickbill/settings/logo', { method: 'DELETE' }),
    onSuccess: () => refreshQuickbill(queryClient),
  });
}

/** Billable, not yet invoiced time entries (of one customer, or of all when none is given). */
export function useBillableEntries(customerId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...quickbillKeys.billable, customerId ?? 'all'],
    queryFn: () =>
      apiRequest<BillableTimeEntry[]>('/api/quickbill/billable-time-entries', {
        query: { customer_id: customerId ?? undefined },
      }),
    enabled,
  });
}

/** The customer's hour-package sales (source of a package invoice). */
export function useCustomerHourPackages(customerId: number | null) {
  return useQuery({
    queryKey: ['quickbill', 'hour-packages', customerId],
    queryFn: () =>
      apiRequest<HourPackage[]>('/api/hour-packages', {
        query: { customer_id: customerId ?? undefined, page_size: 100 },
      }),
    enabled: customerId !== null,
  });
}

/** Customers for the picker: 20 at a time, searched on the server. */
/** The customer's billing data (address, country, UID, B2B) the invoice will carry. */
export function useCustomerBilling(customerId: number | null) {
  return useQuery({
    queryKey: ['quickbill', 'customer-billing', customerId],
    queryFn: () => apiRequest<Customer>(`/api/customers/${customerId}`),
    enabled: customerId !== null,
  });
}

/** What is really to bill, per customer (decision 0773). */
export function useToBill() {
  return useQuery({
    queryKey: [...quickbillKeys.billable, 'to-bill'],
    queryFn: () => apiRequest<ToBillCustomer[]>('/api/quickbill/to-bill'),
  });
}

/** Customers with billable time waiting: counts and sums from the server. */
export function useBillableCustomers() {
  return useQuery({
    queryKey: [...quickbillKeys.billable, 'customers'],
    queryFn: () => apiRequest<BillableCustomer[]>('/api/quickbill/billable-time-entries/customers'),
  });
}

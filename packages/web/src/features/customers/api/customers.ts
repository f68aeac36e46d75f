import type {
  Customer,
  CustomerCreate,
  CustomerDeleteResponse,
  CustomerListItem,
  CustomerUpdate,
  PersonalDataUpdate,
} from '@butler/contract/customers';
import type { CustomerSubscriptionResponse } from '@butler/contract/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { backOfficeKeys, type ListParams, listQuery, refreshBackOffice } from '../../../lib/back-office';

export function useCustomers(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [...backOfficeKeys.customers, params],
    queryFn: () => apiRequestWithTotal<CustomerListItem[]>('/api/customers', { query: listQuery(params) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomerSubscription(id: number) {
  return useQuery({
    queryKey: backOfficeKeys.customerSubscription(id),
    queryFn: () => apiRequest<CustomerSubscriptionResponse>(`/api/customers/${id}/subscription`),
  });
}

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CustomerCreate | CustomerUpdate }) =>
      id
        ? apiRequest<Customer>(`/api/customers/${id}`, { method: 'PUT', body })
        : apiRequest<Customer>('/api/customers', { method: 'POST', body }),
    onSuccess: (customer) => {
      queryClient.setQueryData(backOfficeKeys.customer(customer.id), customer);
      refreshBackOffice(queryClient);
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<CustomerDeleteResponse>(`/api/customers/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

export function useSavePersonalData(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalDataUpdate) =>
      apiRequest<Customer>(`/api/customers/${id}/personal-data`, { method: 'PUT', body }),
    onSuccess: (customer) => queryClient.setQueryData(backOfficeKeys.customer(id), customer),
  });
}

/** Notes: the detail page's cards send one field each; the view's card uses /notes. */
export function useSaveNotes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { field: 'private_notes' | 'company_info' | 'special_notes' | 'notes'; value: string }) =>
      body.field === 'notes'
        ? apiRequest<Customer>(`/api/customers/${id}/notes`, { method: 'PUT', body: { notes: body.value } })
        : apiRequest<Customer>(`/api/customers/${id}`, { method: 'PUT', body: { [body.field]: body.value } }),
    onSuccess: (customer) => queryClient.setQueryData(backOfficeKeys.customer(id), customer),
  });
}

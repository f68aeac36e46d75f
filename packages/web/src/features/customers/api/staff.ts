import type { Customer, CustomerStaffUpdate } from '@butler/contract/customers';
import type { StaffOption } from '@butler/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { backOfficeKeys, refreshBackOffice } from '../../../lib/back-office';

/** The active staff a customer's "Betreuer" are chosen from (only asked by who may assign). */
export function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'options'],
    queryFn: () => apiRequest<StaffOption[]>('/api/staff/options'),
    enabled,
    staleTime: 60_000,
  });
}

/** Replaces a customer's Betreuer; a Butler reaches the customer from their next request on. */
export function useSaveCustomerStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, staff_ids }: CustomerStaffUpdate & { id: number }) =>
      apiRequest<Customer>(`/api/customers/${id}/staff`, { method: 'PUT', body: { staff_ids } }),
    onSuccess: (customer) => {
      queryClient.setQueryData(backOfficeKeys.customer(customer.id), customer);
      refreshBackOffice(queryClient);
    },
  });
}

import type {
  CustomerHourPackageCreate,
  HourPackage,
  HourPackageCreate,
  HourPackageUpdate,
} from '@butler/contract/hour-packages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { backOfficeKeys, type ListParams, listQuery, refreshBackOffice } from '../../../lib/back-office';

export function useHourPackages(params: ListParams) {
  return useQuery({
    queryKey: [...backOfficeKeys.hourPackages, params],
    queryFn: () => apiRequestWithTotal<HourPackage[]>('/api/hour-packages', { query: listQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

export type HourPackageSave =
  | { kind: 'create'; body: HourPackageCreate }
  | { kind: 'create-for-customer'; customerId: number; body: CustomerHourPackageCreate }
  | { kind: 'update'; id: number; body: HourPackageUpdate };

export function useSaveHourPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: HourPackageSave) => {
      if (save.kind === 'update')
        return apiRequest<HourPackage>(`/api/hour-packages/${save.id}`, { method: 'PUT', body: save.body });
      if (save.kind === 'create-for-customer')
        return apiRequest<HourPackage>(`/api/customers/${save.customerId}/hour-packages`, {
          method: 'POST',
          body: save.body,
        });
      return apiRequest<HourPackage>('/api/hour-packages', { method: 'POST', body: save.body });
    },
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

export function useDeleteHourPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/hour-packages/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

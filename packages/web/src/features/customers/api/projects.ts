import type { CustomerProjectCreate, Project, ProjectCreate, ProjectUpdate } from '@butler/contract/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshBackOffice } from '../../../lib/back-office';

export type ProjectSave =
  | { kind: 'create'; body: ProjectCreate }
  | { kind: 'create-for-customer'; customerId: number; body: CustomerProjectCreate }
  | { kind: 'update'; id: number; body: ProjectUpdate };

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProjectSave) => {
      if (save.kind === 'update')
        return apiRequest<Project>(`/api/projects/${save.id}`, { method: 'PUT', body: save.body });
      if (save.kind === 'create-for-customer')
        return apiRequest<Project>(`/api/customers/${save.customerId}/projects`, { method: 'POST', body: save.body });
      return apiRequest<Project>('/api/projects', { method: 'POST', body: save.body });
    },
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/projects/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBackOffice(queryClient),
  });
}

import type { SecuritySettings, StaffInvite, StaffMember, StaffRoleUpdate, StaffRules } from '@butler/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const keys = {
  staff: ['staff'] as const,
  security: ['settings', 'security'] as const,
  rules: ['settings', 'staff'] as const,
};

export function useStaff() {
  return useQuery({ queryKey: keys.staff, queryFn: () => apiRequest<StaffMember[]>('/api/staff') });
}

function useStaffMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.staff }) });
}

export const useSetStaffActive = () =>
  useStaffMutation(({ id, active }: { id: number; active: boolean }) =>
    apiRequest(`/api/staff/${id}/active`, { method: 'PUT', body: { is_active: active } }),
  );
export const useEndStaffSessions = () =>
  useStaffMutation((id: number) => apiRequest(`/api/staff/${id}/sessions/end`, { method: 'POST' }));
export const useResetStaffTotp = () =>
  useStaffMutation((id: number) => apiRequest(`/api/staff/${id}/totp/reset`, { method: 'POST' }));
export const useInviteStaff = () =>
  useStaffMutation((body: StaffInvite) => apiRequest<StaffMember>('/api/staff', { method: 'POST', body }));
export const useSetStaffRole = () =>
  useStaffMutation(({ id, ...body }: StaffRoleUpdate & { id: number }) =>
    apiRequest<StaffMember>(`/api/staff/${id}/role`, { method: 'PUT', body }),
  );
export const useSendStaffLink = () =>
  useStaffMutation((id: number) => apiRequest(`/api/staff/${id}/password-link`, { method: 'POST' }));

export function useSecuritySettings() {
  return useQuery({ queryKey: keys.security, queryFn: () => apiRequest<SecuritySettings>('/api/settings/security') });
}

export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      apiRequest<SecuritySettings>('/api/settings/security', { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(keys.security, data),
  });
}

export function useStaffRules() {
  return useQuery({ queryKey: keys.rules, queryFn: () => apiRequest<StaffRules>('/api/settings/staff') });
}

export function useSaveStaffRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffRules) => apiRequest<StaffRules>('/api/settings/staff', { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(keys.rules, data),
  });
}

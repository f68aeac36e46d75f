import type { Account, DeviceSession, DisplayNameUpdate, SecretReveal } from '@butler/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session-context';
import { apiRequest } from '../../../lib/api-client';

export const accountKeys = {
  account: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  reveals: (customerId: number) => ['account', 'reveals', customerId] as const,
};

export function useAccount() {
  return useQuery({ queryKey: accountKeys.account, queryFn: () => apiRequest<Account>('/api/account') });
}

export function useDeviceSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => apiRequest<DeviceSession[]>('/api/account/sessions'),
  });
}

export function useSecretReveals(customerId: number | undefined) {
  return useQuery({
    queryKey: accountKeys.reveals(customerId ?? 0),
    queryFn: () => apiRequest<SecretReveal[]>(`/api/customers/${customerId}/secret-reveals`),
    enabled: customerId !== undefined,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others'
        ? apiRequest('/api/account/sessions/end-others', { method: 'POST' })
        : apiRequest(`/api/account/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Own password; then the session's user again (a generated first password is no longer one, decision 0756). */
export function useChangePassword() {
  const client = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      apiRequest('/api/account/password', { method: 'POST', body }),
    onSuccess: async () => {
      await refreshUser();
      await client.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** "Anzeigename": PUT /api/account/name, then the session's user (top bar) and the account again. */
export function useSetDisplayName() {
  const client = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<{ name: string }>('/api/account/name', { method: 'PUT', body: { name } satisfies DisplayNameUpdate }),
    onSuccess: async () => {
      await refreshUser();
      await client.invalidateQueries({ queryKey: accountKeys.account });
    },
  });
}

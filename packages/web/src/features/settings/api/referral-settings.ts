import type { ReferralSettings, ReferralSettingsUpdate } from '@butler/contract/referrals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Same key as the referral-purchase dialog's default discount, so both stay in step. */
const KEY = ['referral-settings'] as const;

export function useReferralSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<ReferralSettings>('/api/referral-settings', { signal }),
  });
}

/**
 * Saving changes what the dashboards compute (discounts, tiers), so the referral cards
 * and lounges refresh too.
 */
function useSettingsMutation(call: (body?: ReferralSettingsUpdate) => Promise<ReferralSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      for (const key of ['customer-referrals', 'customer-dashboard']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

export function useSaveReferralSettings() {
  return useSettingsMutation((body) => apiRequest<ReferralSettings>('/api/referral-settings', { method: 'PUT', body }));
}

export function useResetReferralSettings() {
  return useSettingsMutation(() => apiRequest<ReferralSettings>('/api/referral-settings/reset', { method: 'POST' }));
}

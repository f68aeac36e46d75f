import type { ReferralBonusInfo } from '@butler/contract/hour-packages';
import type { CustomerReferralsResponse, ReferralPurchaseRequest, ReferralSettings } from '@butler/contract/referrals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshBackOffice } from '../../../lib/back-office';

export const referralKeys = {
  all: ['customer-referrals'] as const,
  customer: (id: number) => ['customer-referrals', id] as const,
  settings: ['referral-settings'] as const,
};

/** GET /api/customers/{id}/referrals: the data of the Empfehlungen card. */
export function useCustomerReferrals(customerId: number | null) {
  return useQuery({
    queryKey: referralKeys.customer(customerId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<CustomerReferralsResponse>(`/api/customers/${customerId}/referrals`, { signal }),
    enabled: customerId !== null && customerId > 0,
  });
}

/** The default discount shown as the placeholder of the optional custom discount. */
export function useReferralSettingsForSale(enabled: boolean) {
  return useQuery({
    queryKey: referralKeys.settings,
    queryFn: ({ signal }) => apiRequest<ReferralSettings>('/api/referral-settings', { signal }),
    enabled,
  });
}

/**
 * A link change moves discounts of both customers (and maybe a subscription price), so
 * every referral card and the back-office lists refresh.
 */
function useRefreshAfterReferralChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: referralKeys.all });
    refreshBackOffice(queryClient);
  };
}

type AddReferralResponse = { message: string; referral_bonus: ReferralBonusInfo | null };

export function useAddReferral(customerId: number) {
  const refresh = useRefreshAfterReferralChange();
  return useMutation({
    mutationFn: (referralCode: string) =>
      apiRequest<AddReferralResponse>(`/api/customers/${customerId}/add-referral`, {
        method: 'PUT',
        body: { referral_code: referralCode },
      }),
    onSuccess: refresh,
  });
}

export function useRemoveReferral(customerId: number) {
  const refresh = useRefreshAfterReferralChange();
  return useMutation({
    mutationFn: () => apiRequest(`/api/customers/${customerId}/remove-referral`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useReferralPurchase() {
  const refresh = useRefreshAfterReferralChange();
  return useMutation({
    mutationFn: (body: ReferralPurchaseRequest) =>
      apiRequest<{ referral_bonus: ReferralBonusInfo | null }>('/api/hour-packages/referral-purchase', {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}

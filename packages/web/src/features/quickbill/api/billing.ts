import type { BillingSettings, DunningBlock } from '@butler/contract/billing-settings';
import type { BillPeriodResult, SubscriptionBilling, UpcomingBilling } from '@butler/contract/subscription-billing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';
import { quickbillKeys, refreshQuickbill } from './keys';

/** Billing settings, Mahnsperren, "Nächste Abrechnungen" and a ButlerPaket's billed months (decision 0581). */

export function useBillingSettings() {
  return useQuery({
    queryKey: quickbillKeys.billingSettings,
    queryFn: () => apiRequest<BillingSettings>('/api/quickbill/billing-settings'),
  });
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettings) =>
      apiRequest<BillingSettings>('/api/quickbill/billing-settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(quickbillKeys.billingSettings, saved),
  });
}

/** Active Mahnsperren of an invoice (its own and its customer's) or of a customer. */
export function useDunningBlocks(target: { invoiceId?: number; customerId?: number }) {
  return useQuery({
    queryKey: [...quickbillKeys.dunningBlocks, target],
    queryFn: () =>
      apiRequest<DunningBlock[]>('/api/quickbill/dunning-blocks', {
        query: { invoice_id: target.invoiceId, customer_id: target.customerId },
      }),
  });
}

export function useDunningBlockActions() {
  const queryClient = useQueryClient();
  const after = () => refreshQuickbill(queryClient);
  return {
    block: useMutation({
      mutationFn: ({
        invoiceId,
        customerId,
        ...body
      }: {
        invoiceId?: number;
        customerId?: number;
        reason: string;
        until: string;
      }) =>
        apiRequest<DunningBlock>(
          invoiceId
            ? `/api/quickbill/invoices/${invoiceId}/dunning-block`
            : `/api/quickbill/customers/${customerId}/dunning-block`,
          { method: 'POST', body },
        ),
      onSuccess: after,
    }),
    lift: useMutation({
      mutationFn: (id: number) => apiRequest(`/api/quickbill/dunning-blocks/${id}/lift`, { method: 'POST' }),
      onSuccess: after,
    }),
  };
}

export const UPCOMING_PAGE_SIZE = 25;

export function useUpcomingBilling(page: number) {
  return useQuery({
    queryKey: [...quickbillKeys.upcoming, page],
    queryFn: () =>
      apiRequestWithTotal<UpcomingBilling[]>('/api/quickbill/upcoming-billing', {
        query: { page, page_size: UPCOMING_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptionBilling(subscriptionId: number, enabled: boolean) {
  return useQuery({
    queryKey: quickbillKeys.subscriptionBilling(subscriptionId),
    queryFn: () => apiRequest<SubscriptionBilling>(`/api/subscriptions/${subscriptionId}/billing`),
    enabled,
  });
}

/** Skipping a period and renewing change ButlerPakete and the upcoming list: refetch both areas. */
export function useSubscriptionBillingActions() {
  const queryClient = useQueryClient();
  const after = () => {
    refreshQuickbill(queryClient);
    for (const key of ['subscriptions', 'customer-subscription', 'customer-dashboard']) {
      void queryClient.invalidateQueries({ queryKey: [key] });
    }
  };
  return {
    skip: useMutation({
      mutationFn: ({ subscriptionId, ...body }: { subscriptionId: number; period_start: string; reason: string }) =>
        apiRequest<SubscriptionBilling>(`/api/subscriptions/${subscriptionId}/billing/skip`, {
          method: 'POST',
          body,
        }),
      onSuccess: after,
    }),
    /** "Jetzt abrechnen" (decision 0757): the due period's invoice, once. */
    billNow: useMutation({
      mutationFn: ({ subscriptionId, period_start }: { subscriptionId: number; period_start: string }) =>
        apiRequest<BillPeriodResult>(`/api/subscriptions/${subscriptionId}/billing/bill`, {
          method: 'POST',
          body: { period_start },
        }),
      onSuccess: after,
    }),
    renew: useMutation({
      mutationFn: (subscriptionId: number) =>
        apiRequest<{ id: number; start_date: string; end_date: string }>(`/api/subscriptions/${subscriptionId}/renew`, {
          method: 'POST',
        }),
      onSuccess: after,
    }),
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { BRAND_KEY } from '../../../lib/brand';

/** Query keys of Quickbill; every invoice change refreshes the dashboard, lists and details. */
export const quickbillKeys = {
  all: ['quickbill'] as const,
  dashboard: ['quickbill', 'dashboard'] as const,
  invoices: ['quickbill', 'invoices'] as const,
  invoice: (id: number) => ['quickbill', 'invoice', id] as const,
  pdf: (id: number) => ['quickbill', 'pdf', id] as const,
  products: ['quickbill', 'products'] as const,
  settings: ['quickbill', 'settings'] as const,
  billable: ['quickbill', 'billable'] as const,
  payments: (invoiceId: number) => ['quickbill', 'payments', invoiceId] as const,
  account: (customerId: number) => ['quickbill', 'account', customerId] as const,
  openItems: ['quickbill', 'open-items'] as const,
  billingSettings: ['quickbill', 'billing-settings'] as const,
  dunningBlocks: ['quickbill', 'dunning-blocks'] as const,
  upcoming: ['quickbill', 'upcoming-billing'] as const,
  subscriptionBilling: (id: number) => ['quickbill', 'subscription-billing', id] as const,
};

/**
 * A send, payment or cancellation changes the figures, the lists and the PDF at once, and
 * time entries become billable again on cancel, so everything of Quickbill is refetched.
 */
export function refreshQuickbill(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: quickbillKeys.all });
  // Name, logo and accent are the brand of the header and pages too (decision 0635).
  void queryClient.invalidateQueries({ queryKey: BRAND_KEY });
}

/** Page size of the invoice list. */
export const INVOICE_PAGE_SIZE = 25;

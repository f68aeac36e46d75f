// The public surface of features/quickbill (decision 0830): what other features use of it.
// They import it from here, never from a file inside the folder.
export { useSubscriptionBillingActions } from './api/billing';
export { useInvoiceActions } from './api/invoices';
export { useCustomerAccount } from './api/payments';
export { BilledChip } from './components/billed-chip';
export { CustomerAccountCard } from './components/customer-account-card';
export { SubscriptionBillingDialog } from './components/subscription-billing-dialog';

// The public surface of features/customer-dashboard (decision 0830): what other features
// use of it. They import it from here, never from a file inside the folder.
export { useCustomerDashboard } from './api/queries';
export { PaymentDetailsDialog } from './invoices/payment-details-dialog';

// The public surface of features/subscription-requests (decision 0830): the customers' wishes
// for their ButlerPaket (decision 0851) on the staff's overview and the customer page.
export { CustomerPackageRequests } from './components/customer-package-requests';
export { OpenPackageRequestsCard } from './components/open-package-requests-card';

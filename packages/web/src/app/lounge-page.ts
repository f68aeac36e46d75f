import { lazyPage } from './lazy-page';

/** The customer lounge's page, fetched ahead by the lounge warm-up (decision 0410). */
export const CustomerDashboardPage = lazyPage(
  () => import('../features/customer-dashboard/customer-dashboard-page'),
  'CustomerDashboardPage',
);

import type { Permission } from '@butler/contract/permissions';
import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AdminLoginPage } from '../features/auth/admin-login-page';
import { CustomerLoginPage } from '../features/auth/customer-login-page';
import { AdminHome, RequirePermission, RequireRole } from './guards';
import { AppLayout } from './layout/app-layout';
import { lazyPage } from './lazy-page';
import { CustomerDashboardPage } from './lounge-page';
import { NotFoundPage } from './not-found-page';
import { SETTINGS_PERMISSIONS } from './permissions';
import { RouteErrorPage } from './route-error-page';
import { SessionProvider } from './session-context';

const DeductionsPage = lazyPage(() => import('../features/deductions/deductions-page'), 'DeductionsPage');
const AdminDashboardPage = lazyPage(
  () => import('../features/admin-dashboard/admin-dashboard-page'),
  'AdminDashboardPage',
);
const MyHoursPage = lazyPage(() => import('../features/admin-dashboard/my-day/my-day-page'), 'MyDayPage');
const MonthlyDashboardPage = lazyPage(
  () => import('../features/admin-dashboard/monthly-dashboard-page'),
  'MonthlyDashboardPage',
);
const CustomersPage = lazyPage(() => import('../features/customers/customers-page'), 'CustomersPage');
const CustomerPage = lazyPage(() => import('../features/customers/customer-page'), 'CustomerPage');
const OutboxPage = lazyPage(() => import('../features/mail/outbox-page'), 'OutboxPage');
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage');
const WikiPage = lazyPage(() => import('../features/wiki/wiki-page'), 'WikiPage');
const WikiCategoriesPage = lazyPage(() => import('../features/wiki/wiki-categories-page'), 'WikiCategoriesPage');
const WikiProjectsPage = lazyPage(() => import('../features/wiki/wiki-projects-page'), 'WikiProjectsPage');
const QuickbillDashboardPage = lazyPage(
  () => import('../features/quickbill/quickbill-dashboard-page'),
  'QuickbillDashboardPage',
);
const InvoiceListPage = lazyPage(() => import('../features/quickbill/invoice-list-page'), 'InvoiceListPage');
const InvoiceEditorPage = lazyPage(() => import('../features/quickbill/invoice-editor-page'), 'InvoiceEditorPage');
const InvoiceDetailPage = lazyPage(() => import('../features/quickbill/invoice-detail-page'), 'InvoiceDetailPage');
const InvoiceSendPage = lazyPage(() => import('../features/quickbill/invoice-send-page'), 'InvoiceSendPage');
const QuickbillSettingsPage = lazyPage(
  () => import('../features/quickbill/quickbill-settings-page'),
  'QuickbillSettingsPage',
);
const ProductsPage = lazyPage(() => import('../features/quickbill/products-page'), 'ProductsPage');
const TimetrackingPage = lazyPage(() => import('../features/quickbill/timetracking-page'), 'TimetrackingPage');
const DirectDebitPage = lazyPage(() => import('../features/direct-debit/direct-debit-page'), 'DirectDebitPage');
const OpenItemsPage = lazyPage(() => import('../features/quickbill/open-items-page'), 'OpenItemsPage');
const AccountingPage = lazyPage(() => import('../features/accounting/accounting-page'), 'AccountingPage');
const UpcomingBillingPage = lazyPage(
  () => import('../features/quickbill/upcoming-billing-page'),
  'UpcomingBillingPage',
);
const PaymentsInPage = lazyPage(() => import('../features/bank-import/payments-in-page'), 'PaymentsInPage');

const AdminAccountPage = lazyPage(() => import('../features/account/admin-account-page'), 'AdminAccountPage');
const AuditPage = lazyPage(() => import('../features/audit/audit-page'), 'AuditPage');
const CustomerAccountPage = lazyPage(
  () => import('../features/customer-account/customer-account-page'),
  'CustomerAccountPage',
);

const SetPasswordPage = lazyPage(() => import('../features/auth/set-password-page'), 'SetPasswordPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ReferralInvitationPage = lazyPage(
  () => import('../features/auth/referral-invitation-page'),
  'ReferralInvitationPage',
);
const StaffForgotPasswordPage = lazyPage(
  () => import('../features/auth/staff-forgot-password-page'),
  'StaffForgotPasswordPage',
);

const LoungeOrdersPage = lazyPage(() => import('../features/orders/lounge/lounge-orders-page'), 'LoungeOrdersPage');
const LoungeOrderNewPage = lazyPage(
  () => import('../features/orders/lounge/lounge-order-new-page'),
  'LoungeOrderNewPage',
);
const LoungeOrderPage = lazyPage(() => import('../features/orders/lounge/lounge-order-page'), 'LoungeOrderPage');
const OrdersInboxPage = lazyPage(() => import('../features/orders/staff/orders-inbox-page'), 'OrdersInboxPage');
const OrderPage = lazyPage(() => import('../features/orders/staff/order-page'), 'OrderPage');
const HourShopPage = lazyPage(() => import('../features/hour-shop/lounge/hour-shop-page'), 'HourShopPage');
const HourOrdersPage = lazyPage(() => import('../features/hour-shop/staff/hour-orders-page'), 'HourOrdersPage');
const VisitsPage = lazyPage(() => import('../features/visits/visits-page'), 'VisitsPage');
const LoungeMonthPage = lazyPage(
  () => import('../features/month-confirmations/lounge/lounge-month-page'),
  'LoungeMonthPage',
);

const AdminFrame = lazyPage(() => import('./admin-frame'), 'AdminFrame');

const NoAccessPage = lazyPage(() => import('./no-access-page'), 'NoAccessPage');

const withSuspense = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;
const withAdminFrame = (node: ReactNode) => withSuspense(<AdminFrame askForName>{node}</AdminFrame>);
/** A staff page: signed-in staff only, and (decision 0540) a role with one of these permissions. */
const admin = (node: ReactNode, permission?: Permission | Permission[]) => (
  <RequireRole roles={['admin']} redirectTo="/admin/login">
    {withAdminFrame(
      permission ? (
        <RequirePermission permission={permission} fallback={<NoAccessPage />}>
          {node}
        </RequirePermission>
      ) : (
        node
      ),
    )}
  </RequireRole>
);

/** A lounge page: signed-in customers only. */
const lounge = (node: ReactNode) => (
  <RequireRole roles={['customer']} redirectTo="/">
    {withSuspense(node)}
  </RequireRole>
);

/** The short addresses of the Aufträge (decision 0810) lead to the real ones. */
function ToLoungeOrders() {
  const { id } = useParams();
  return <Navigate to={id ? `/customer/auftraege/${id}` : '/customer/auftraege'} replace />;
}
function ToStaffOrders() {
  const { id } = useParams();
  return <Navigate to={id ? `/admin/auftraege/${id}` : `/admin/auftraege${window.location.search}`} replace />;
}

/** The customer routes of SPEC §2 (details, view) lead to the one customer page. */
function ToCustomerPage() {
  const { id } = useParams();
  return <Navigate to={`/admin/customers/${id}${window.location.search}`} replace />;
}

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/** The route table of SPEC §2 with its access rules. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <CustomerLoginPage /> },
      { path: '/login', element: <Navigate to="/" replace /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/passwort-festlegen', element: withSuspense(<SetPasswordPage />) },
      { path: '/passwort-vergessen', element: withSuspense(<ForgotPasswordPage />) },
      { path: '/admin/passwort-vergessen', element: withSuspense(<StaffForgotPasswordPage />) },
      { path: '/empfehlung/:code', element: withSuspense(<ReferralInvitationPage />) },
      {
        element: <AppLayout />,
        children: [
          { path: '/admin', element: <AdminHome /> },
          { path: '/admin/dashboard', element: admin(<AdminDashboardPage />, 'dashboard.read') },
          { path: '/admin/dashboard/monthly', element: admin(<MonthlyDashboardPage />, 'dashboard.read') },
          { path: '/admin/dashboard/meine-stunden', element: admin(<MyHoursPage />, 'time_entries.book') },
          { path: '/admin/dashboard/monthly/:year/:month', element: admin(<MonthlyDashboardPage />, 'dashboard.read') },
          { path: '/admin/customers', element: admin(<CustomersPage />, 'customers.read') },
          // One page per customer (decision 0644); SPEC's two customer routes lead there.
          { path: '/admin/customers/:id', element: admin(<CustomerPage />, 'customers.read') },
          { path: '/admin/customers/:id/:tab', element: admin(<CustomerPage />, 'customers.read') },
          { path: '/admin/customer/:id/details', element: <ToCustomerPage /> },
          { path: '/admin/customers/:id/view', element: <ToCustomerPage /> },
          {
            path: '/admin/customers/:id/customer-view',
            element: admin(<CustomerDashboardPage adminView />, 'customers.dashboard'),
          },
          { path: '/customer/:id', element: admin(<CustomerDashboardPage adminView />, 'customers.dashboard') },
          {
            path: '/admin/customers/:customerId/time-entries/butler-packages',
            element: (
              <RequireRole roles={['admin']} redirectTo="/">
                {withAdminFrame(
                  <RequirePermission permission="customers.dashboard" fallback={<NoAccessPage />}>
                    <DeductionsPage kind="butler-packages" adminView />
                  </RequirePermission>,
                )}
              </RequireRole>
            ),
          },
          {
            path: '/admin/customers/:customerId/time-entries/hour-packages',
            element: (
              <RequireRole roles={['admin']} redirectTo="/">
                {withAdminFrame(
                  <RequirePermission permission="customers.dashboard" fallback={<NoAccessPage />}>
                    <DeductionsPage kind="hour-packages" adminView />
                  </RequirePermission>,
                )}
              </RequireRole>
            ),
          },
          { path: '/admin/settings', element: admin(<SettingsPage />, SETTINGS_PERMISSIONS) },
          { path: '/admin/account', element: admin(<AdminAccountPage />) },
          { path: '/admin/audit', element: admin(<AuditPage />, 'audit.read') },
          { path: '/admin/auftraege', element: admin(<OrdersInboxPage />, 'orders.read') },
          { path: '/admin/auftraege/:id', element: admin(<OrderPage />, 'orders.read') },
          { path: '/admin/termine', element: admin(<VisitsPage />, 'visits.read') },
          { path: '/auftraege', element: <ToStaffOrders /> },
          { path: '/auftraege/:id', element: <ToStaffOrders /> },
          { path: '/customer/auftraege', element: lounge(<LoungeOrdersPage />) },
          { path: '/customer/stunden-nachkaufen', element: lounge(<HourShopPage />) },
          { path: '/admin/stundenbestellungen', element: admin(<HourOrdersPage />, 'hour_packages.read') },
          { path: '/customer/auftraege/neu', element: lounge(<LoungeOrderNewPage />) },
          { path: '/customer/auftraege/:id', element: lounge(<LoungeOrderPage />) },
          { path: '/customer/monatsfreigabe/:month', element: lounge(<LoungeMonthPage />) },
          { path: '/lounge/auftraege', element: <ToLoungeOrders /> },
          { path: '/lounge/auftraege/neu', element: <Navigate to="/customer/auftraege/neu" replace /> },
          { path: '/lounge/auftraege/:id', element: <ToLoungeOrders /> },
          { path: '/admin/outbox', element: admin(<OutboxPage />, 'mail.read') },
          { path: '/admin/wiki', element: admin(<WikiPage />, 'wiki.read') },
          { path: '/admin/wiki/categories', element: admin(<WikiCategoriesPage />, 'wiki.read') },
          { path: '/admin/projects', element: admin(<WikiProjectsPage />, 'wiki.read') },
          { path: '/admin/quickbill', element: admin(<QuickbillDashboardPage />, 'invoices.read') },
          { path: '/admin/quickbill/invoices', element: admin(<InvoiceListPage />, 'invoices.read') },
          { path: '/admin/quickbill/invoices/new', element: admin(<InvoiceEditorPage />, 'invoices.write') },
          { path: '/admin/quickbill/invoices/:id', element: admin(<InvoiceDetailPage />, 'invoices.read') },
          { path: '/admin/quickbill/invoices/:id/edit', element: admin(<InvoiceEditorPage />, 'invoices.write') },
          { path: '/admin/quickbill/invoices/:id/send', element: admin(<InvoiceSendPage />, 'invoices.issue') },
          {
            path: '/admin/quickbill/settings',
            element: admin(<QuickbillSettingsPage />, 'quickbill.settings.write'),
          },
          { path: '/admin/quickbill/products', element: admin(<ProductsPage />, 'invoices.read') },
          { path: '/admin/quickbill/timetracking', element: admin(<TimetrackingPage />, 'invoices.write') },
          { path: '/admin/quickbill/lastschriften', element: admin(<DirectDebitPage />, 'direct_debit.read') },
          { path: '/admin/quickbill/offene-posten', element: admin(<OpenItemsPage />, 'invoices.read') },
          { path: '/admin/quickbill/buchhaltung', element: admin(<AccountingPage />, 'accounting.read') },
          { path: '/admin/quickbill/abrechnungen', element: admin(<UpcomingBillingPage />, 'invoices.read') },
          { path: '/admin/quickbill/zahlungseingaenge', element: admin(<PaymentsInPage />, 'invoices.read') },
          {
            path: '/customer/dashboard',
            element: (
              <RequireRole roles={['customer']} redirectTo="/">
                {withSuspense(<CustomerDashboardPage />)}
              </RequireRole>
            ),
          },
          {
            path: '/customer/account',
            element: (
              <RequireRole roles={['customer']} redirectTo="/">
                {withSuspense(<CustomerAccountPage />)}
              </RequireRole>
            ),
          },
          {
            path: '/customer/time-entries/butler-packages',
            element: (
              <RequireRole roles={['customer', 'admin']} redirectTo="/">
                {withSuspense(<DeductionsPage kind="butler-packages" />)}
              </RequireRole>
            ),
          },
          {
            path: '/customer/time-entries/hour-packages',
            element: (
              <RequireRole roles={['customer', 'admin']} redirectTo="/">
                {withSuspense(<DeductionsPage kind="hour-packages" />)}
              </RequireRole>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

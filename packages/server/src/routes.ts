import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import type { Keyring } from './lib/secret-box.js';
import { createServiceDeps } from './lib/service-deps.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { createStaffEmail } from './modules/account/staff-email.service.js';
import { accountingExportRoutes } from './modules/accounting-export/accounting-export.routes.js';
import { createAccountingSettingsService } from './modules/accounting-export/accounting-settings.service.js';
import { createHandoverService } from './modules/accounting-export/handover.service.js';
import { readSmallBusinessLimit } from './modules/accounting-export/small-business-limit.service.js';
import { accountingPeriodsRoutes } from './modules/accounting-periods/accounting-periods.routes.js';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { accountLinks } from './modules/auth/account-links.js';
import { createAccountMails } from './modules/auth/account-mails.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { AuthService } from './modules/auth/auth.service.js';
import { createForgotPassword } from './modules/auth/forgot-password.service.js';
import { createPasswordLinks } from './modules/auth/password-links.service.js';
import { createSecondFactorLogin } from './modules/auth/second-factor.service.js';
import { createTwoFactor } from './modules/auth/two-factor.service.js';
import { balanceAlertsRoutes } from './modules/balance-alerts/balance-alerts.routes.js';
import { createBankEntryService } from './modules/bank-import/bank-entries.service.js';
import { bankImportRoutes } from './modules/bank-import/bank-import.routes.js';
import { createBankImportService } from './modules/bank-import/bank-import.service.js';
import { brandRoutes } from './modules/brand/brand.routes.js';
import { customerDashboardRoutes } from './modules/customer-dashboard/customer-dashboard.routes.js';
import { customerVoiceRoutes } from './modules/customer-voice/customer-voice.routes.js';
import { readCustomerVoice } from './modules/customer-voice/customer-voice.service.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { directDebitRoutes } from './modules/direct-debit/direct-debit.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hourPackagesRoutes } from './modules/hour-packages/hour-packages.routes.js';
import { hourShopRoutes } from './modules/hour-shop/hour-shop.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { monthConfirmationsRoutes } from './modules/month-confirmations/month-confirmations.routes.js';
import { myDayRoutes } from './modules/my-day/my-day.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { orderAttachmentRoutes } from './modules/orders/order-attachments.routes.js';
import { createOrderAttachmentService } from './modules/orders/order-attachments.service.js';
import { createOrderEventHub } from './modules/orders/order-event-hub.service.js';
import { orderEventRoutes } from './modules/orders/order-events.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { createPaymentService } from './modules/quickbill/payments/payments.service.js';
import { quickbillRoutes } from './modules/quickbill/quickbill.routes.js';
import { referralLinkRoutes } from './modules/referrals/referral-links.routes.js';
import { referralPurchaseRoutes } from './modules/referrals/referral-purchase.routes.js';
import { referralSettingsRoutes } from './modules/referrals/referral-settings.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createStaffRoles } from './modules/staff/staff-roles.service.js';
import { statementsRoutes } from './modules/statements/statements.routes.js';
import { subscriptionRequestsRoutes } from './modules/subscription-requests/subscription-requests.routes.js';
import { subscriptionTemplatesRoutes } from './modules/subscription-templates/subscription-templates.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { timeEntriesRoutes } from './modules/time-entries/time-entries.routes.js';
import { timersRoutes } from './modules/timers/timers.routes.js';
import { calendarFeedsRoutes } from './modules/visits/calendar-feeds.routes.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { wikiRoutes } from './modules/wiki/wiki.routes.js';

/** Everything a module may need, created once per app (app.ts). */
export type AppDeps = {
  db: Database;
  env: Env;
  auth: AuthService;
  keyring: Keyring;
};

/** Every API module, registered in one place. */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(healthRoutes(deps.db));
  const twoFactor = createTwoFactor(deps.db, deps.keyring);
  const secondFactor = createSecondFactorLogin(deps.db, deps.auth, twoFactor);
  const accountMails = createAccountMails(deps.db, deps.env);
  await typed.register(
    authRoutes(
      deps.auth,
      secondFactor,
      createPasswordLinks(deps.db),
      createForgotPassword(deps.db),
      deps.env.LOGIN_REQUESTS_PER_MINUTE,
      () => readCustomerVoice(deps.db),
    ),
  );
  const setStaffEmail = createStaffEmail(deps.db);
  await typed.register(accountRoutes(createAccountService(deps.db, twoFactor), twoFactor, setStaffEmail));
  await typed.register(
    staffRoutes(createStaffService(deps.db, twoFactor), createStaffRoles(deps.db), accountMails, setStaffEmail),
  );
  await typed.register(auditRoutes(createAuditService(deps.db)));
  await typed.register(customersRoutes(deps.db, accountMails));
  await typed.register(projectsRoutes(deps.db));
  await typed.register(subscriptionTemplatesRoutes(deps.db));
  await typed.register(subscriptionsRoutes(deps.db));
  await typed.register(subscriptionRequestsRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(hourPackagesRoutes(deps.db));
  await typed.register(timeEntriesRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(monthConfirmationsRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(timersRoutes(deps.db));
  const orderEvents = createOrderEventHub(deps.db, app.log);
  app.addHook('onClose', () => orderEvents.close());
  await typed.register(orderEventRoutes(orderEvents, deps.env.ORDER_EVENTS_STREAM_SECONDS));
  const orderAttachments = createOrderAttachmentService(deps.db, deps.env.UPLOAD_STALL_SECONDS);
  await typed.register(orderAttachmentRoutes(orderAttachments, deps.env.LOG_LEVEL));
  await typed.register(ordersRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(hourShopRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(visitsRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(calendarFeedsRoutes(deps.db, deps.env.PUBLIC_URL, deps.env.LOGIN_REQUESTS_PER_MINUTE));
  await typed.register(myDayRoutes(deps.db));
  await typed.register(exportsRoutes(deps.db));
  await typed.register(
    accountingExportRoutes(createAccountingSettingsService(deps.db), createHandoverService(deps.db), () =>
      readSmallBusinessLimit(deps.db),
    ),
  );
  await typed.register(privacyRoutes(deps));
  await typed.register(referralSettingsRoutes(deps.db));
  await typed.register(referralLinkRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(referralPurchaseRoutes(deps.db));
  await typed.register(customerDashboardRoutes(deps.db));
  await typed.register(adminDashboardRoutes(deps.db));
  await typed.register(searchRoutes(deps.db));
  await typed.register(onboardingRoutes(deps.db));
  await typed.register(brandRoutes(deps.db));
  await typed.register(wikiRoutes(deps));
  await typed.register(quickbillRoutes(deps.db, deps.env));
  await typed.register(mailRoutes(deps.db, deps.env, accountLinks));
  await typed.register(balanceAlertsRoutes(deps.db));
  await typed.register(customerVoiceRoutes(deps.db));
  await typed.register(statementsRoutes(deps.db, deps.env));
  await typed.register(directDebitRoutes(deps.db, deps.env.PUBLIC_URL));
  await typed.register(accountingPeriodsRoutes(deps.db));
  const payments = createPaymentService(createServiceDeps(deps.db, deps.env));
  await typed.register(
    bankImportRoutes(
      createBankImportService(deps.db, payments),
      createBankEntryService(deps.db, deps.env, payments),
      deps.env.LOG_LEVEL,
    ),
  );
}

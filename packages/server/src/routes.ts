import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app.js';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { customerDashboardRoutes } from './modules/customer-dashboard/customer-dashboard.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hourPackagesRoutes } from './modules/hour-packages/hour-packages.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { quickbillRoutes } from './modules/quickbill/quickbill.routes.js';
import { referralLinkRoutes } from './modules/referrals/referral-links.routes.js';
import { referralPurchaseRoutes } from './modules/referrals/referral-purchase.routes.js';
import { referralSettingsRoutes } from './modules/referrals/referral-settings.routes.js';
import { subscriptionHistoryRoutes } from './modules/subscription-history/subscription-history.routes.js';
import { subscriptionTemplatesRoutes } from './modules/subscription-templates/subscription-templates.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { timeEntriesRoutes } from './modules/time-entries/time-entries.routes.js';
import { wikiRoutes } from './modules/wiki/wiki.routes.js';

/** Every API module, registered in one place. */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(healthRoutes(deps.db));
  await typed.register(authRoutes(deps.auth));
  await typed.register(customersRoutes(deps.db));
  await typed.register(projectsRoutes(deps.db));
  await typed.register(subscriptionTemplatesRoutes(deps.db));
  await typed.register(subscriptionsRoutes(deps.db));
  await typed.register(hourPackagesRoutes(deps.db));
  await typed.register(timeEntriesRoutes(deps.db));
  await typed.register(referralSettingsRoutes(deps.db));
  await typed.register(referralLinkRoutes(deps.db));
  await typed.register(referralPurchaseRoutes(deps.db));
  await typed.register(customerDashboardRoutes(deps.db));
  await typed.register(subscriptionHistoryRoutes(deps.db));
  await typed.register(adminDashboardRoutes(deps.db));
  await typed.register(wikiRoutes(deps));
  await typed.register(quickbillRoutes(deps.db, deps.env));
  await typed.register(mailRoutes(deps.db));
}

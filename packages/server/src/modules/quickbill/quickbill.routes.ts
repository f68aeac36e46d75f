import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { createServiceDeps, type ServiceDeps } from '../../lib/service-deps.js';
import { customerInvoiceRoutes } from './customer-invoices/customer-invoices.routes.js';
import { createCustomerInvoicesService } from './customer-invoices/customer-invoices.service.js';
import { dunningRoutes } from './dunning/dunning.routes.js';
import { invoiceRoutes } from './invoices/invoice.routes.js';
import { createInvoiceService } from './invoices/invoice.service.js';
import { invoiceActionRoutes } from './invoices/invoice-actions.routes.js';
import { createSendService } from './invoices/invoice-send.service.js';
import { createStatusService } from './invoices/invoice-status.service.js';
import { paymentRoutes } from './payments/payments.routes.js';
import { createPaymentService } from './payments/payments.service.js';
import { productRoutes } from './products/product.routes.js';
import { createProductService } from './products/product.service.js';
import { createReminderService } from './reminders/reminder.service.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { sourcesRoutes } from './sources/sources.routes.js';
import { createSourcesService } from './sources/sources.service.js';

/** Quickbill: every route is admin-only. `overrides` lets tests pin today. */
export const quickbillRoutes =
  (db: Database, env: Env, overrides: Partial<ServiceDeps> = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { ...createServiceDeps(db, env), ...overrides };
    const invoices = createInvoiceService(deps);
    const payments = createPaymentService(deps);
    await app.register(invoiceRoutes(invoices));
    await app.register(
      invoiceActionRoutes({
        deps,
        send: createSendService(deps),
        status: createStatusService(deps),
        payments,
        reminders: createReminderService(deps),
      }),
    );
    await app.register(sourcesRoutes(createSourcesService(deps), invoices));
    await app.register(paymentRoutes(payments));
    await app.register(dunningRoutes(deps));
    await app.register(customerInvoiceRoutes(createCustomerInvoicesService(deps)));
    await app.register(productRoutes(createProductService(db)));
    await app.register(settingsRoutes(deps));
  };

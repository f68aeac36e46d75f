import { zOverviewListQuery } from '@butler/contract/admin-dashboard';
import {
  zBalanceAlertSettings,
  zBalanceAlertSettingsInput,
  zLowBalanceCustomer,
  zNotificationPreferences,
} from '@butler/contract/balance-alerts';
import { zErrorResponse, zIdParams } from '@butler/contract/common';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { requireSession } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { encodeAnswer, sendEncodedPage } from '../../lib/json-answer.js';
import { pageBounds } from '../../lib/pagination.js';
import { findLowBalances } from '../hour-accounting/low-balance.repo.js';
import { getBalanceAlertSettings, saveBalanceAlertSettings } from './balance-alert-settings.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Low-balance alerts: settings and "Knappes Guthaben" (admin), the customer's mail choice (customer-own). */
export const balanceAlertsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/balance-alert-settings', {
      config: { access: 'admin' },
      schema: { tags: ['Guthaben-Hinweise'], response: { 200: zBalanceAlertSettings, ...errors } },
      handler: async () => getBalanceAlertSettings(db),
    });

    app.put('/api/admin/balance-alert-settings', {
      config: { access: 'admin' },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description: 'Schwellenwerte für knappes Guthaben und wer benachrichtigt wird',
        body: zBalanceAlertSettingsInput,
        response: { 200: zBalanceAlertSettings, ...errors },
      },
      handler: async (request) => saveBalanceAlertSettings(db, requireSession(request), request.body),
    });

    // The whole list is computed once per data version (settings writes bump it too) and
    // answered a page at a time, the count in X-Total-Count (decision 0405).
    const zLowBalancesResponse = z.array(zLowBalanceCustomer);
    app.get('/api/admin/low-balances', {
      config: { access: 'admin' },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description:
          'Knappes Guthaben: aktive Kunden, deren ButlerPaket oder Stundenpakete heute über einem Schwellenwert liegen (eine Seite, die Anzahl in X-Total-Count)',
        querystring: zOverviewListQuery,
        response: { 200: zLowBalancesResponse, ...errors },
      },
      handler: async (request, reply) => {
        const today = todayVienna();
        const version = request.session?.dataVersion;
        const all = await dashboardFigureCache(
          db,
          `low-balances:${today}`,
          async () => {
            const rows = await findLowBalances(db, today, await getBalanceAlertSettings(db));
            return rows.map(
              ({ customerId, customerName, email: _e, balanceAlertMails: _m, scope: _s, ...figures }) => ({
                customer_id: customerId,
                customer_name: customerName,
                ...figures,
              }),
            );
          },
          version,
        );
        const { limit, offset } = pageBounds(request.query);
        return sendEncodedPage(reply, {
          json: encodeAnswer(zLowBalancesResponse, all.slice(offset, offset + limit)),
          total: all.length,
        });
      },
    });

    app.get('/api/customers/:id/notification-preferences', {
      config: { access: 'customer-own' },
      schema: {
        tags: ['Guthaben-Hinweise'],
        params: zIdParams,
        response: { 200: zNotificationPreferences, ...errors },
      },
      handler: async (request) => {
        const [row] = await db
          .select({ balance_alert_mails: customers.balanceAlertMails, statement_mails: customers.statementMails })
          .from(customers)
          .where(eq(customers.id, request.params.id));
        if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
        return row;
      },
    });

    app.put('/api/customers/:id/notification-preferences', {
      config: { access: 'customer-own' },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description: 'Hinweise per E-Mail an den Kunden ein- oder ausschalten (Mitarbeiter-Mails bleiben)',
        params: zIdParams,
        body: zNotificationPreferences,
        response: { 200: zNotificationPreferences, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        const id = request.params.id;
        return db.transaction(async (tx) => {
          const [before] = await tx
            .select({ balance_alert_mails: customers.balanceAlertMails, statement_mails: customers.statementMails })
            .from(customers)
            .where(eq(customers.id, id))
            .for('update');
          if (!before) throw new AppError('CUSTOMER_NOT_FOUND');
          await tx
            .update(customers)
            .set({ balanceAlertMails: request.body.balance_alert_mails, statementMails: request.body.statement_mails })
            .where(eq(customers.id, id));
          const after = {
            balance_alert_mails: request.body.balance_alert_mails,
            statement_mails: request.body.statement_mails,
          };
          await writeAudit(tx, session, 'update', 'notification_preferences', id, before, after, { customerId: id });
          return after;
        });
      },
    });
  };

import { zOverviewListQuery } from '@butler/contract/admin-dashboard';
import {
  zBalanceAlertSettings,
  zBalanceAlertSettingsInput,
  zLowBalanceCustomer,
  zNotificationPreferences,
} from '@butler/contract/balance-alerts';
import { zErrorResponse, zIdParams } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { encodeAnswer, sendEncodedPage } from '../../lib/json-answer.js';
import { getBalanceAlertSettings, saveBalanceAlertSettings } from './balance-alert-settings.service.js';
import { lowBalancePage } from './low-balances.service.js';
import { getNotificationPreferences, saveNotificationPreferences } from './notification-preferences.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Low-balance alerts: settings and "Knappes Guthaben" (admin), the customer's mail choice (customer-own). */
export const balanceAlertsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/balance-alert-settings', {
      config: { access: { permission: 'dashboard.read', noCustomerData: true } },
      schema: { tags: ['Guthaben-Hinweise'], response: { 200: zBalanceAlertSettings, ...errors } },
      handler: async () => getBalanceAlertSettings(db),
    });

    app.put('/api/admin/balance-alert-settings', {
      config: { access: { permission: 'settings.write' } },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description: 'Schwellenwerte für knappes Guthaben und wer benachrichtigt wird',
        body: zBalanceAlertSettingsInput,
        response: { 200: zBalanceAlertSettings, ...errors },
      },
      handler: async (request) => saveBalanceAlertSettings(db, requireSession(request), request.body),
    });

    // A page at a time, the count in X-Total-Count (decision 0405), sorted and counted in SQL (0560).
    const zLowBalancesResponse = z.array(zLowBalanceCustomer);
    app.get('/api/admin/low-balances', {
      config: { access: { permission: 'dashboard.read', scoped: true } },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description:
          'Knappes Guthaben: aktive Kunden, deren ButlerPaket oder Stundenpakete heute über einem Schwellenwert liegen (eine Seite, die Anzahl in X-Total-Count)',
        querystring: zOverviewListQuery,
        response: { 200: zLowBalancesResponse, ...errors },
      },
      handler: async (request, reply) => {
        // A Butler's page is one of the low balances of their customers (decision 0540).
        const scope = customerScope(request.session);
        const { rows, total } = await lowBalancePage(db, request.query, scope, request.session?.dataVersion);
        return sendEncodedPage(reply, { json: encodeAnswer(zLowBalancesResponse, rows), total });
      },
    });

    app.get('/api/customers/:id/notification-preferences', {
      config: { access: { permission: 'customers.read', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Guthaben-Hinweise'],
        params: zIdParams,
        response: { 200: zNotificationPreferences, ...errors },
      },
      handler: async (request) => getNotificationPreferences(db, request.params.id),
    });

    app.put('/api/customers/:id/notification-preferences', {
      config: { access: { permission: 'customers.write', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Guthaben-Hinweise'],
        description: 'Hinweise per E-Mail an den Kunden ein- oder ausschalten (Mitarbeiter-Mails bleiben)',
        params: zIdParams,
        body: zNotificationPreferences,
        response: { 200: zNotificationPreferences, ...errors },
      },
      handler: async (request) =>
        saveNotificationPreferences(db, requireSession(request), request.params.id, request.body),
    });
  };

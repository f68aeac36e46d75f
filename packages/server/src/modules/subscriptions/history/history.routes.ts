import { zErrorResponse } from '@butler/contract/common';
import { zSubscriptionHistory, zSubscriptionIdParams } from '@butler/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.js';
import { requireSession } from '../../../lib/access.js';
import { todayVienna } from '../../../lib/clock.js';
import { getSubscriptionHistory } from './history.service.js';

export const subscriptionHistoryRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    // `:id` is a subscription id: lib/access finds its customer (a Butler's or the customer's own).
    app.get('/api/subscriptions/:id/history', {
      config: {
        access: { permission: 'customers.dashboard', customer: ['row:subscriptions'], self: true },
      },
      schema: {
        tags: ['ButlerPakete'],
        params: zSubscriptionIdParams,
        response: {
          200: zSubscriptionHistory,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
        },
      },
      handler: async (request) => getSubscriptionHistory(db, requireSession(request), request.params.id, todayVienna()),
    });
  };

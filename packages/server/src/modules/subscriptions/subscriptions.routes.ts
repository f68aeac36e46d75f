import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zSubscription,
  zSubscriptionCreate,
  zSubscriptionCreateResponse,
  zSubscriptionListQuery,
  zSubscriptionUpdate,
} from '@butler/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { subscriptionBillingRoutes } from './billing/billing.routes.js';
import { createBillingCommands } from './billing/billing.service.js';
import { subscriptionHistoryRoutes } from './history/history.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

const tags = ['ButlerPakete'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const subscriptionsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSubscriptionsService(db);
    // The parts of /api/subscriptions/*: the history of changes and the billing of periods.
    await app.register(subscriptionHistoryRoutes(db));
    // The server's one clock (lib/clock.ts): tests pin it, production reads the wall clock.
    await app.register(subscriptionBillingRoutes(createBillingCommands(db, todayVienna)));

    app.get('/api/subscriptions', {
      config: { access: { permission: 'subscriptions.read', customer: ['query.customer_id'] } },
      schema: { tags, querystring: zSubscriptionListQuery, response: { 200: z.array(zSubscription), ...errors } },
      handler: async (request, reply) => {
        const { rows, total } = await service.list(request.query);
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.post('/api/subscriptions', {
      config: { access: { permission: 'subscriptions.write', customer: ['body.customer_id'] } },
      schema: {
        tags,
        body: zSubscriptionCreate,
        response: { 201: zSubscriptionCreateResponse, 409: zErrorResponse, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body);
      },
    });

    app.put('/api/subscriptions/:id', {
      config: { access: { permission: 'subscriptions.write', customer: ['row:subscriptions'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zSubscriptionUpdate,
        response: { 200: zSubscription, 409: zErrorResponse, ...errors },
      },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/subscriptions/:id', {
      config: { access: { permission: 'subscriptions.write', customer: ['row:subscriptions'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, 409: zErrorResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'ButlerPaket erfolgreich gelöscht' };
      },
    });
  };

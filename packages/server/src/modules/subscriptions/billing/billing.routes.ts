import { zErrorResponse, zIdParams } from '@butler/contract/common';
import { TOTAL_COUNT_HEADER, zPageQuery } from '@butler/contract/list-query';
import {
  zBillPeriodInput,
  zBillPeriodResult,
  zSkipPeriodInput,
  zSubscriptionBilling,
  zUpcomingBilling,
} from '@butler/contract/subscription-billing';
import { zSubscription } from '@butler/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { BillingCommands } from './billing.service.js';

const tags = ['ButlerPakete: Abrechnung'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

export const subscriptionBillingRoutes =
  (commands: BillingCommands): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/quickbill/upcoming-billing', {
      config: { access: { permission: 'invoices.read' } },
      schema: {
        tags,
        description: 'Nächste Abrechnungen (30 Tage), eine Seite, die Anzahl in X-Total-Count',
        querystring: zPageQuery,
        response: { 200: z.array(zUpcomingBilling), ...errors },
      },
      handler: async (request, reply) => {
        const { items, total } = await commands.upcoming(request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return items;
      },
    });

    app.get('/api/subscriptions/:id/billing', {
      config: { access: { permission: 'subscriptions.read', customer: ['row:subscriptions'] } },
      schema: { tags, params: zIdParams, response: { 200: zSubscriptionBilling, ...errors } },
      handler: async (request) => commands.billing(request.params.id),
    });

    app.post('/api/subscriptions/:id/billing/bill', {
      config: { access: { permission: 'invoices.write', customer: ['row:subscriptions'] } },
      schema: {
        tags,
        description:
          'Jetzt abrechnen: die Rechnung eines fälligen Zeitraums sofort, wie sie die tägliche Abrechnung erstellt (einmal je Zeitraum; Entwurf oder gleich versendet laut Einstellung).',
        params: zIdParams,
        body: zBillPeriodInput,
        response: { 201: zBillPeriodResult, ...errors },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await commands.billNow(requireSession(request), request.params.id, request.body.period_start)),
    });

    app.post('/api/subscriptions/:id/billing/skip', {
      config: { access: { permission: 'invoices.write', customer: ['row:subscriptions'] } },
      schema: { tags, params: zIdParams, body: zSkipPeriodInput, response: { 200: zSubscriptionBilling, ...errors } },
      handler: async (request) =>
        commands.skip(requireSession(request), request.params.id, request.body.period_start, request.body.reason),
    });

    app.post('/api/subscriptions/:id/renew', {
      config: { access: { permission: 'subscriptions.write', customer: ['row:subscriptions'] } },
      schema: {
        tags,
        params: zIdParams,
        response: { 201: zSubscription.pick({ id: true, start_date: true, end_date: true }), ...errors },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await commands.renew(requireSession(request), request.params.id)),
    });
  };

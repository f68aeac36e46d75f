import { zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zCustomerDashboard,
  zCustomerSubscriptionResponse,
  zDeductionsQuery,
  zDeductionsResponse,
} from '@butler/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { can } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { customerAnswerCache } from '../../lib/figure-cache.js';
import { encodeAnswer, sendEncoded } from '../../lib/json-answer.js';
import { getCustomerSubscription, getDashboard, getDeductions } from './customer-dashboard.service.js';
import { withoutPrices } from './dashboard.present.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The customer lounge: dashboard, current subscription and deduction lists (customer-own). */
export const customerDashboardRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/customers/:id/dashboard', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Kunden-Dashboard'],
        params: zIdParams,
        response: { 200: zCustomerDashboard, ...errors },
      },
      // The lounge's first call: cached per customer and day until the next write that this
      // customer's answers show (customer_data_versions, decision 0560), already encoded (0400).
      handler: async (request, reply) => {
        const { id } = request.params;
        const today = todayVienna();
        // Customers and staff who see prices get the whole answer; a Butler the one without prices.
        const prices = request.session?.userType === 'customer' || can(request.session, 'prices.read');
        const json = await customerAnswerCache(
          db,
          id,
          `dashboard:${today}${prices ? '' : ':no-prices'}`,
          async () => {
            const dashboard = await getDashboard(db, id, today);
            return encodeAnswer(zCustomerDashboard, prices ? dashboard : withoutPrices(dashboard));
          },
          request.session,
        );
        return sendEncoded(reply, json);
      },
    });

    app.get('/api/customers/:id/subscription', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Kunden-Dashboard'],
        params: zIdParams,
        response: { 200: zCustomerSubscriptionResponse, ...errors },
      },
      handler: async (request, reply) => {
        const { id } = request.params;
        const today = todayVienna();
        const json = await customerAnswerCache(
          db,
          id,
          `subscription:${today}`,
          async () => encodeAnswer(zCustomerSubscriptionResponse, await getCustomerSubscription(db, id, today)),
          request.session,
        );
        return sendEncoded(reply, json);
      },
    });

    app.get('/api/customers/:id/deductions', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Kunden-Dashboard'],
        description: 'Abbuchungen einer Abrechnungsart mit Anzeige (Tacho) und Seitenweise-Liste, neueste zuerst',
        params: zIdParams,
        querystring: zDeductionsQuery,
        response: { 200: zDeductionsResponse, ...errors },
      },
      handler: async (request) => getDeductions(db, request.params.id, request.query, todayVienna()),
    });
  };

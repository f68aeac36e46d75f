import {
  zBillingSettings,
  zDunningBlock,
  zDunningBlockInput,
  zDunningBlockQuery,
} from '@butler/contract/billing-settings';
import { zCustomerIdParams, zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { createDunningService } from './dunning.service.js';

const tags = ['Quickbill: Mahnwesen'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Billing settings (reminder levels, default interest, subscription invoices) and Mahnsperren. */
export const dunningRoutes =
  (deps: ServiceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDunningService(deps);

    app.get('/api/quickbill/billing-settings', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, response: { 200: zBillingSettings, ...errors } },
      handler: async () => service.settings(),
    });

    app.put('/api/quickbill/billing-settings', {
      config: { access: { permission: 'billing.settings.write' } },
      schema: { tags, body: zBillingSettings, response: { 200: zBillingSettings, ...errors } },
      handler: async (request) => service.saveSettings(requireSession(request), request.body),
    });

    app.get('/api/quickbill/dunning-blocks', {
      config: { access: { permission: 'invoices.read', customer: ['query.customer_id'] } },
      schema: { tags, querystring: zDunningBlockQuery, response: { 200: z.array(zDunningBlock), ...errors } },
      handler: async (request) => service.activeBlocks(request.query),
    });

    app.post('/api/quickbill/invoices/:id/dunning-block', {
      config: { access: { permission: 'invoices.remind' } },
      schema: { tags, params: zIdParams, body: zDunningBlockInput, response: { 201: zDunningBlock, ...errors } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await service.block(requireSession(request), { invoiceId: request.params.id }, request.body)),
    });

    app.post('/api/quickbill/customers/:customerId/dunning-block', {
      config: { access: { permission: 'invoices.remind', customer: ['params.customerId'] } },
      schema: {
        tags,
        params: zCustomerIdParams,
        body: zDunningBlockInput,
        response: { 201: zDunningBlock, ...errors },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await service.block(requireSession(request), { customerId: request.params.customerId }, request.body)),
    });

    app.post('/api/quickbill/dunning-blocks/:id/lift', {
      config: { access: { permission: 'invoices.remind' } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await service.lift(requireSession(request), request.params.id);
        return { success: true as const, message: 'Mahnsperre aufgehoben' };
      },
    });
  };

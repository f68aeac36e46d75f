import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zSubscriptionTemplate, zSubscriptionTemplateInput } from '@butler/contract/subscription-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { createSubscriptionTemplatesService } from './subscription-templates.service.js';

const tags = ['ButlerPaket-Vorlagen'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const subscriptionTemplatesRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSubscriptionTemplatesService(db);

    app.get('/api/subscription-templates', {
      config: { access: { permission: 'subscriptions.read' } },
      schema: { tags, response: { 200: z.array(zSubscriptionTemplate), ...errors } },
      handler: async () => service.list(),
    });

    app.post('/api/subscription-templates', {
      config: { access: { permission: 'subscription_templates.write' } },
      schema: { tags, body: zSubscriptionTemplateInput, response: { 201: zSubscriptionTemplate, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body);
      },
    });

    app.put('/api/subscription-templates/:id', {
      config: { access: { permission: 'subscription_templates.write' } },
      schema: {
        tags,
        params: zIdParams,
        body: zSubscriptionTemplateInput,
        response: { 200: zSubscriptionTemplate, ...errors },
      },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/subscription-templates/:id', {
      config: { access: { permission: 'subscription_templates.write' } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'ButlerPaket-Vorlage erfolgreich gelöscht' };
      },
    });
  };

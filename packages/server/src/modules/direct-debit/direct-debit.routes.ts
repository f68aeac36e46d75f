import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zDirectDebitSettings,
  zDirectDebitSettingsInput,
  zDueCollections,
  zDueQuery,
  zMandate,
  zMandateFormQuery,
  zMandateInput,
  zMandateRevokeInput,
  zMandateSuggestion,
  zRunDetail,
  zRunInput,
  zRunPage,
} from '@butler/contract/direct-debit';
import { zPageQuery } from '@butler/contract/list-query';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { openBlob } from '../../lib/blob-store.js';
import { sendXml } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { mandateFormPdf } from './mandates/mandate-form.service.js';
import { createMandateService } from './mandates/mandates.service.js';
import { mandateOnlineRoutes } from './online/mandate-online.routes.js';
import { createRunService } from './runs/runs.service.js';
import {
  loadDirectDebitSettings,
  presentDirectDebitSettings,
  updateDirectDebitSettings,
} from './settings/direct-debit-settings.service.js';

const tags = ['Lastschrift'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const pdf = (reply: FastifyReply, bytes: Buffer, name: string) =>
  reply.type('application/pdf').header('Content-Disposition', `inline; filename="${name}"`).send(bytes);

/** SEPA direct debit: settings, mandates and their form, runs and their pain.008 (decisions 0600–0605, 0853). */
export const directDebitRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const mandates = createMandateService(db);
    const runs = createRunService(db);
    await app.register(mandateOnlineRoutes(db, publicUrl));

    app.get('/api/direct-debit/settings', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, response: { 200: zDirectDebitSettings, ...errors } },
      handler: async () => presentDirectDebitSettings(await loadDirectDebitSettings(db)),
    });

    app.put('/api/direct-debit/settings', {
      config: { access: { permission: 'quickbill.settings.write' } },
      schema: { tags, body: zDirectDebitSettingsInput, response: { 200: zDirectDebitSettings, ...errors } },
      handler: async (request) => updateDirectDebitSettings(db, requireSession(request), request.body),
    });

    app.get('/api/customers/:customerId/mandates', {
      config: { access: { permission: 'direct_debit.read', customer: ['params.customerId'] } },
      schema: { tags, params: zCustomerIdParams, response: { 200: z.array(zMandate), ...errors } },
      handler: async (request) => mandates.list(request.params.customerId),
    });

    app.get('/api/customers/:customerId/mandates/suggestion', {
      config: { access: { permission: 'direct_debit.read', customer: ['params.customerId'] } },
      schema: { tags, params: zCustomerIdParams, response: { 200: zMandateSuggestion, ...errors } },
      handler: async (request) => mandates.suggestion(request.params.customerId),
    });

    app.post('/api/customers/:customerId/mandates', {
      config: { access: { permission: 'direct_debit.write', customer: ['params.customerId'] } },
      schema: { tags, params: zCustomerIdParams, body: zMandateInput, response: { 201: zMandate, ...errors } },
      handler: async (request, reply) => {
        const created = await mandates.create(requireSession(request), request.params.customerId, request.body);
        reply.status(201);
        return created;
      },
    });

    app.post('/api/mandates/:id/revoke', {
      config: { access: { permission: 'direct_debit.write' } },
      schema: { tags, params: zIdParams, body: zMandateRevokeInput, response: { 200: zMandate, ...errors } },
      handler: async (request) => mandates.revoke(requireSession(request), request.params.id, request.body.reason),
    });

    app.get('/api/customers/:customerId/mandate-form', {
      config: { access: { permission: 'direct_debit.read', customer: ['params.customerId'] } },
      schema: { tags, params: zCustomerIdParams, querystring: zMandateFormQuery, response: errors },
      handler: async (request, reply) => {
        const form = await mandateFormPdf(db, { customerId: request.params.customerId, ...request.query });
        return pdf(reply, form.bytes, form.fileName);
      },
    });

    app.get('/api/mandates/:id/form', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, params: zIdParams, response: errors },
      handler: async (request, reply) => {
        const form = await mandateFormPdf(db, { mandateId: request.params.id });
        return pdf(reply, form.bytes, form.fileName);
      },
    });

    app.get('/api/direct-debit/due', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, querystring: zDueQuery, response: { 200: zDueCollections, ...errors } },
      handler: async (request) => runs.due(request.query.collection_date),
    });

    app.get('/api/direct-debit/runs', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, querystring: zPageQuery, response: { 200: zRunPage, ...errors } },
      handler: async (request) => runs.list(request.query.page, request.query.page_size),
    });

    app.post('/api/direct-debit/runs', {
      config: { access: { permission: 'direct_debit.write' } },
      schema: { tags, body: zRunInput, response: { 201: zRunDetail, ...errors } },
      handler: async (request, reply) => {
        const run = await runs.create(requireSession(request), request.body);
        reply.status(201);
        return run;
      },
    });

    app.get('/api/direct-debit/runs/:id', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, params: zIdParams, response: { 200: zRunDetail, ...errors } },
      handler: async (request) => runs.detail(request.params.id),
    });

    app.post('/api/direct-debit/runs/:id/discard', {
      config: { access: { permission: 'direct_debit.write' } },
      schema: { tags, params: zIdParams, response: { 200: zRunDetail, ...errors } },
      handler: async (request) => runs.discard(requireSession(request), request.params.id),
    });

    app.post('/api/direct-debit/runs/:id/at-bank', {
      config: { access: { permission: 'direct_debit.write' } },
      schema: { tags, params: zIdParams, response: { 200: zRunDetail, ...errors } },
      handler: async (request) => runs.confirmAtBank(requireSession(request), request.params.id),
    });

    app.get('/api/direct-debit/runs/:id/file', {
      config: { access: { permission: 'direct_debit.read' } },
      schema: { tags, params: zIdParams, response: errors },
      handler: async (request, reply) => {
        const file = await runs.file(requireSession(request), request.params.id);
        const opened = await openBlob(db, file.blobId);
        if (!opened) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
        return sendXml(reply, opened, file.fileName);
      },
    });
  };

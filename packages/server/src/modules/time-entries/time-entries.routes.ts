import { zCustomerIdParams, zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zTimeEntry, zTimeEntryCreate, zTimeEntryListQuery, zTimeEntryUpdate } from '@butler/contract/time-entries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession, scopedCustomerId } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { createTimeEntriesService } from './time-entries.service.js';

const tags = ['Zeiteinträge'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const timeEntriesRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createTimeEntriesService(db, publicUrl);

    /** Admins list any customer's (or all) entries; a customer always gets only their own. */
    app.get('/api/time-entries', {
      config: {
        access: { permission: 'time_entries.read', customer: ['query.customer_id'], self: true, scoped: true },
      },
      schema: { tags, querystring: zTimeEntryListQuery, response: { 200: z.array(zTimeEntry), ...errors } },
      handler: async (request, reply) => {
        const customerId = scopedCustomerId(request, request.query.customer_id);
        const query = { ...request.query, customer_id: customerId };
        const { rows, total } = await service.list(query, customerScope(request.session));
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.post('/api/customers/:customerId/time-entries', {
      config: { access: { permission: 'time_entries.book', customer: ['params.customerId'] } },
      schema: {
        tags,
        description:
          'Bucht einen Zeiteintrag; derselbe client_key derselben Person bucht nur einmal (200 mit dem bestehenden Eintrag)',
        params: zCustomerIdParams,
        body: zTimeEntryCreate,
        response: { 201: zTimeEntry, 200: zTimeEntry, 409: zErrorResponse, ...errors },
      },
      handler: async (request, reply) => {
        const { entry, replayed } = await service.create(
          requireSession(request),
          request.params.customerId,
          request.body,
        );
        reply.status(replayed ? 200 : 201);
        return entry;
      },
    });

    app.put('/api/time-entries/:id', {
      config: { access: { permission: 'time_entries.book', customer: ['row:time_entries'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zTimeEntryUpdate,
        response: { 200: zTimeEntry, 409: zErrorResponse, ...errors },
      },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/time-entries/:id', {
      config: { access: { permission: 'time_entries.book', customer: ['row:time_entries'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, 409: zErrorResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Zeiteintrag erfolgreich gelöscht' };
      },
    });
  };

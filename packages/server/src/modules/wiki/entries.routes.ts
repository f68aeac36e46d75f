import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zWikiEntriesQuery,
  zWikiEntry,
  zWikiEntryCreate,
  zWikiEntryQuery,
  zWikiEntryUpdate,
} from '@butler/contract/wiki';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import type { EntryService } from './entries.service.js';

const tags = ['Wiki'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const entryRoutes =
  (entries: EntryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/wiki/entries', {
      config: { access: { permission: 'wiki.read', customer: ['query.customer_id'], scoped: true } },
      schema: { tags, querystring: zWikiEntriesQuery, response: { 200: z.array(zWikiEntry), ...errors } },
      handler: async (request) => entries.list(request.query, customerScope(request.session)),
    });

    app.get('/api/wiki/entries/:id', {
      config: { access: { permission: 'wiki.read', customer: ['row:wiki_entries'] } },
      schema: {
        tags,
        params: zIdParams,
        querystring: zWikiEntryQuery,
        response: { 200: zWikiEntry, 500: zErrorResponse, ...errors },
      },
      handler: async (request) => {
        const decrypt = request.query.decrypt_passwords === 'true' || request.query.decrypt_passwords === '1';
        // Secrets must not linger in browser or proxy caches: every /api answer is no-store (lib/api-docs.ts).
        return entries.get(requireSession(request), request.params.id, decrypt);
      },
    });

    app.post('/api/wiki/entries', {
      config: { access: { permission: 'wiki.write', customer: ['body.customer_id'] } },
      schema: { tags, body: zWikiEntryCreate, response: { 201: zWikiEntry, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return entries.create(requireSession(request), request.body);
      },
    });

    app.put('/api/wiki/entries/:id', {
      config: { access: { permission: 'wiki.write', customer: ['row:wiki_entries'] } },
      schema: { tags, params: zIdParams, body: zWikiEntryUpdate, response: { 200: zWikiEntry, ...errors } },
      handler: async (request) => entries.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/wiki/entries/:id', {
      config: { access: { permission: 'wiki.write', customer: ['row:wiki_entries'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await entries.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Eintrag gelöscht' };
      },
    });
  };

import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zWikiCategory, zWikiCategoryCount, zWikiCategoryCountsQuery, zWikiCategoryInput } from '@butler/contract/wiki';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import type { CategoryService } from './categories.service.js';

const tags = ['Wiki'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const categoryRoutes =
  (categories: CategoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/wiki/categories', {
      config: { access: { permission: 'wiki.read', noCustomerData: true } },
      schema: { tags, response: { 200: z.array(zWikiCategory), ...errors } },
      handler: async () => categories.list(),
    });

    // One call for the sidebar counts instead of one call per category (docs/decisions/0147).
    app.get('/api/wiki/category-counts', {
      config: { access: { permission: 'wiki.read', customer: ['query.customer_id'] } },
      schema: {
        tags,
        querystring: zWikiCategoryCountsQuery,
        response: { 200: z.array(zWikiCategoryCount), ...errors },
      },
      handler: async (request) => categories.counts(request.query.customer_id),
    });

    app.post('/api/wiki/categories', {
      config: { access: { permission: 'wiki.categories.write' } },
      schema: { tags, body: zWikiCategoryInput, response: { 201: zWikiCategory, 409: zErrorResponse, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return categories.create(requireSession(request), request.body);
      },
    });

    app.put('/api/wiki/categories/:id', {
      config: { access: { permission: 'wiki.categories.write' } },
      schema: {
        tags,
        params: zIdParams,
        body: zWikiCategoryInput,
        response: { 200: zWikiCategory, 409: zErrorResponse, ...errors },
      },
      handler: async (request) => categories.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/wiki/categories/:id', {
      config: { access: { permission: 'wiki.categories.write' } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await categories.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Kategorie und alle ihre Einträge wurden gelöscht' };
      },
    });
  };

import { zErrorResponse } from '@butler/contract/common';
import { zWikiEntry, zWikiRecentCustomer, zWikiSearchQuery } from '@butler/contract/wiki';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerScope } from '../../lib/customer-scope.js';
import type { SearchService } from './search.service.js';

const tags = ['Wiki'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

export const searchRoutes =
  (search: SearchService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/wiki/search', {
      config: { access: { permission: 'wiki.read', scoped: true } },
      schema: { tags, querystring: zWikiSearchQuery, response: { 200: z.array(zWikiEntry), ...errors } },
      handler: async (request) => search.search(request.query.q, customerScope(request.session)),
    });

    app.get('/api/wiki/recent-customers', {
      config: { access: { permission: 'wiki.read', scoped: true } },
      schema: { tags, response: { 200: z.array(zWikiRecentCustomer), ...errors } },
      handler: async (request) => search.recentCustomers(customerScope(request.session)),
    });
  };

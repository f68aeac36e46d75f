import { zErrorResponse } from '@butler/contract/common';
import { zSearchQuery, zSearchResults } from '@butler/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { searchEverything } from './search.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/**
 * GET /api/search?q=…: the top bar's search for staff (decision 0650). Every staff role reads
 * customers; the groups beyond them follow the caller's permissions, rows their customer scope.
 */
export const searchRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/search', {
      config: { access: { permission: 'customers.read', scoped: true } },
      schema: { tags: ['Suche'], querystring: zSearchQuery, response: { 200: zSearchResults, ...errors } },
      handler: async (request) => searchEverything(db, requireSession(request), request.query.q, todayVienna()),
    });
  };

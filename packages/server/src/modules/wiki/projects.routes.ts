import { zErrorResponse, zIdParams } from '@butler/contract/common';
import { zWikiFeaturedProject, zWikiFeaturedToggle, zWikiProject } from '@butler/contract/wiki';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { sendStoredFile } from '../../lib/downloads.js';
import type { FileService } from './files.service.js';
import type { ProjectService } from './projects.service.js';

const tags = ['Wiki'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

const zProjectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const projectRoutes =
  (projects: ProjectService, files: FileService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/wiki/projects', {
      config: { access: { permission: 'wiki.read', scoped: true } },
      schema: { tags, querystring: zProjectsQuery, response: { 200: z.array(zWikiProject), ...errors } },
      handler: async (request) =>
        projects.list(request.query.limit, request.query.offset, customerScope(request.session)),
    });

    app.put('/api/wiki/projects/:id/featured', {
      config: { access: { permission: 'wiki.projects.feature', customer: ['row:wiki_entries'] } },
      schema: { tags, params: zIdParams, body: zWikiFeaturedToggle, response: { 200: zWikiProject, ...errors } },
      handler: async (request) =>
        projects.setFeatured(requireSession(request), request.params.id, request.body.is_featured),
    });

    // Portfolio references: every logged-in user (customers see them in their lounge).
    app.get('/api/wiki/projects/featured', {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: z.array(zWikiFeaturedProject), 401: zErrorResponse } },
      handler: async () => projects.listFeatured(),
    });

    // Files of featured projects only; any other file id answers 404 (docs/decisions/0145).
    app.get('/api/wiki/projects/featured/files/:id/download', {
      config: { access: 'authenticated' },
      schema: { tags, params: zIdParams, response: errors },
      handler: async (request, reply) =>
        sendStoredFile(reply, await files.openForDownload(await projects.featuredFile(request.params.id))),
    });
  };

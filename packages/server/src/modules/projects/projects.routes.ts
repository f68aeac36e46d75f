import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zCustomerProjectCreate,
  zProject,
  zProjectCreate,
  zProjectListQuery,
  zProjectUpdate,
} from '@butler/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { createProjectsService } from './projects.service.js';

const tags = ['Projekte'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const projectsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createProjectsService(db);

    app.get('/api/projects', {
      config: { access: { permission: 'projects.read', customer: ['query.customer_id'], scoped: true } },
      schema: { tags, querystring: zProjectListQuery, response: { 200: z.array(zProject), ...errors } },
      handler: async (request, reply) => {
        const { rows, total } = await service.list(request.query, customerScope(request.session));
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.post('/api/projects', {
      config: { access: { permission: 'projects.write', customer: ['body.customer_id'] } },
      schema: { tags, body: zProjectCreate, response: { 201: zProject, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body.customer_id, request.body);
      },
    });

    app.post('/api/customers/:id/projects', {
      config: { access: { permission: 'projects.write', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, body: zCustomerProjectCreate, response: { 201: zProject, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.params.id, request.body);
      },
    });

    app.put('/api/projects/:id', {
      config: { access: { permission: 'projects.write', customer: ['row:projects', 'body.customer_id'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zProjectUpdate,
        response: { 200: zProject, 409: zErrorResponse, ...errors },
      },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/projects/:id', {
      config: { access: { permission: 'projects.delete', customer: ['row:projects'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, 409: zErrorResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Projekt erfolgreich gelöscht' };
      },
    });
  };

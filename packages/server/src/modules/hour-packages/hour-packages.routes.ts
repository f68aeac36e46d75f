import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zCustomerHourPackageCreate,
  zHourPackage,
  zHourPackageCreate,
  zHourPackageCreateResponse,
  zHourPackageListQuery,
  zHourPackageUpdate,
} from '@butler/contract/hour-packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { createHourPackagesService } from './hour-packages.service.js';

const tags = ['Stundenpakete'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const hourPackagesRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createHourPackagesService(db);

    app.get('/api/hour-packages', {
      config: { access: { permission: 'hour_packages.read', customer: ['query.customer_id'] } },
      schema: { tags, querystring: zHourPackageListQuery, response: { 200: z.array(zHourPackage), ...errors } },
      handler: async (request, reply) => {
        const { rows, total } = await service.list(request.query);
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.post('/api/hour-packages', {
      config: { access: { permission: 'hour_packages.write', customer: ['body.customer_id'] } },
      schema: { tags, body: zHourPackageCreate, response: { 201: zHourPackageCreateResponse, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body.customer_id, request.body);
      },
    });

    app.post('/api/customers/:id/hour-packages', {
      config: { access: { permission: 'hour_packages.write', customer: ['params.id'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zCustomerHourPackageCreate,
        response: { 201: zHourPackageCreateResponse, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.params.id, request.body);
      },
    });

    app.put('/api/hour-packages/:id', {
      config: { access: { permission: 'hour_packages.write', customer: ['row:hour_packages', 'body.customer_id'] } },
      schema: { tags, params: zIdParams, body: zHourPackageUpdate, response: { 200: zHourPackage, ...errors } },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/hour-packages/:id', {
      config: { access: { permission: 'hour_packages.write', customer: ['row:hour_packages'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Stundenpaket erfolgreich gelöscht' };
      },
    });
  };

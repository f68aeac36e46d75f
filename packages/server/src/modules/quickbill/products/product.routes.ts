import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zProduct, zProductInput, zProductListQuery } from '@butler/contract/quickbill';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { ProductService } from './product.service.js';

const tags = ['Quickbill'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The product catalogue the line editor picks from. */
export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/quickbill/products', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zProductListQuery, response: { 200: z.array(zProduct), ...errors } },
      handler: async (request) => products.list(request.query),
    });

    app.post('/api/quickbill/products', {
      config: { access: { permission: 'products.write' } },
      schema: { tags, body: zProductInput, response: { 201: zProduct, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return products.create(requireSession(request), request.body);
      },
    });

    app.put('/api/quickbill/products/:id', {
      config: { access: { permission: 'products.write' } },
      schema: { tags, params: zIdParams, body: zProductInput, response: { 200: zProduct, ...errors } },
      handler: async (request) => products.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/quickbill/products/:id', {
      config: { access: { permission: 'products.write' } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await products.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Produkt gelöscht' };
      },
    });
  };

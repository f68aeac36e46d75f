import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zInvoiceDashboard,
  zInvoiceDetail,
  zInvoiceInput,
  zInvoiceListItem,
  zInvoiceListQuery,
} from '@butler/contract/quickbill';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { InvoiceService } from './invoice.service.js';

const tags = ['Quickbill'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Invoice list, dashboard figures and draft editing (DOMAIN-RULES §7). */
export const invoiceRoutes =
  (service: InvoiceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/quickbill/invoices/dashboard', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, response: { 200: zInvoiceDashboard, ...errors } },
      handler: async () => service.dashboard(),
    });

    app.get('/api/quickbill/invoices', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zInvoiceListQuery, response: { 200: z.array(zInvoiceListItem), ...errors } },
      handler: async (request, reply) => {
        const { items, total } = await service.list(request.query);
        reply.header('X-Total-Count', String(total));
        return items;
      },
    });

    app.get('/api/quickbill/invoices/:id', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams, response: { 200: zInvoiceDetail, ...errors } },
      handler: async (request) => service.detail(request.params.id),
    });

    app.post('/api/quickbill/invoices', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, body: zInvoiceInput, response: { 201: zInvoiceDetail, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body);
      },
    });

    app.put('/api/quickbill/invoices/:id', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, params: zIdParams, body: zInvoiceInput, response: { 200: zInvoiceDetail, ...errors } },
      handler: async (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/quickbill/invoices/:id', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await service.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Entwurf gelöscht' };
      },
    });

    app.post('/api/quickbill/invoices/:id/duplicate', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, params: zIdParams, response: { 201: zInvoiceDetail, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return service.duplicate(requireSession(request), request.params.id);
      },
    });
  };

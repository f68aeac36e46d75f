import { zErrorResponse, zId, zIdParams } from '@butler/contract/common';
import {
  zBillableCustomer,
  zBillableTimeEntry,
  zInvoiceDetail,
  zMonthlyRunInput,
  zMonthlyRunResult,
} from '@butler/contract/quickbill';
import { zToBillCustomer } from '@butler/contract/to-bill';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { InvoiceService } from '../invoices/invoice.service.js';
import type { createSourcesService } from './sources.service.js';

const tags = ['Quickbill'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Where invoice lines come from: package sales, subscription months, billable time. */
export const sourcesRoutes =
  (sources: ReturnType<typeof createSourcesService>, invoicesService: InvoiceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/quickbill/invoices/from-hour-package/:id', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, params: zIdParams, response: { 201: zInvoiceDetail, ...errors } },
      handler: async (request, reply) => {
        const id = await sources.fromHourPackage(requireSession(request), request.params.id);
        reply.status(201);
        return invoicesService.detail(id);
      },
    });

    app.post('/api/quickbill/monthly-run', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, body: zMonthlyRunInput, response: { 200: zMonthlyRunResult, ...errors } },
      handler: async (request) => sources.monthlyRun(requireSession(request), request.body.year, request.body.month),
    });

    app.get('/api/quickbill/to-bill', {
      config: { access: { permission: 'invoices.write' } },
      schema: {
        tags,
        description:
          'Was wirklich zu verrechnen ist: Stundenpakete ohne Rechnung, Minus bei Stundenpaketen, Mehrverbrauch im ButlerPaket',
        response: { 200: z.array(zToBillCustomer), ...errors },
      },
      handler: async () => sources.toBill(),
    });

    app.get('/api/quickbill/billable-time-entries/customers', {
      config: { access: { permission: 'invoices.write' } },
      schema: { tags, response: { 200: z.array(zBillableCustomer), ...errors } },
      handler: async () => sources.billableCustomers(),
    });

    app.get('/api/quickbill/billable-time-entries', {
      config: { access: { permission: 'invoices.write' } },
      schema: {
        tags,
        querystring: z.object({ customer_id: zId.optional() }),
        response: { 200: z.array(zBillableTimeEntry), ...errors },
      },
      handler: async (request) => sources.billableTimeEntries(request.query.customer_id),
    });
  };

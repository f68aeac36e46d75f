import { zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zCustomerInvoice,
  zCustomerInvoiceParams,
  zCustomerInvoiceQuery,
  zInvoicePaymentDetails,
} from '@butler/contract/customer-invoices';
import { TOTAL_COUNT_HEADER } from '@butler/contract/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerInvoicesService } from './customer-invoices.service.js';

const tags = ['Meine Rechnungen'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** "Meine Rechnungen" (decision 0587): customer-own, so a customer reaches only their own invoices. */
export const customerInvoiceRoutes =
  (service: CustomerInvoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/customers/:id/invoices', {
      config: { access: { permission: 'invoices.read', customer: ['params.id'], self: true } },
      schema: {
        tags,
        description:
          'Ausgestellte Rechnungen und Stornorechnungen, neueste zuerst (eine Seite, die Anzahl in X-Total-Count)',
        params: zIdParams,
        querystring: zCustomerInvoiceQuery,
        response: { 200: z.array(zCustomerInvoice), ...errors },
      },
      handler: async (request, reply) => {
        const { items, total } = await service.list(request.params.id, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return items;
      },
    });

    app.get('/api/customers/:id/invoices/:invoiceId/pdf', {
      config: { access: { permission: 'invoices.read', customer: ['params.id'], self: true } },
      schema: { tags, description: 'Die Rechnung als PDF, wie sie versendet wurde', params: zCustomerInvoiceParams },
      handler: async (request, reply) => {
        const { pdf, filename } = await service.pdf(request.params.id, request.params.invoiceId);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(pdf);
      },
    });

    app.get('/api/customers/:id/invoices/:invoiceId/xml', {
      config: { access: { permission: 'invoices.read', customer: ['params.id'], self: true } },
      schema: { tags, description: 'Die E-Rechnung (EN 16931, CII-XML)', params: zCustomerInvoiceParams },
      handler: async (request, reply) => {
        const { xml, filename } = await service.xml(request.params.id, request.params.invoiceId);
        return reply
          .type('application/xml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(xml);
      },
    });

    app.get('/api/customers/:id/invoices/:invoiceId/payment', {
      config: { access: { permission: 'invoices.read', customer: ['params.id'], self: true } },
      schema: {
        tags,
        description: 'Zahlungsdaten einer offenen Rechnung mit Zahlungsreferenz und QR-Code (EPC)',
        params: zCustomerInvoiceParams,
        response: { 200: zInvoicePaymentDetails, ...errors },
      },
      handler: async (request) => service.payment(request.params.id, request.params.invoiceId),
    });
  };

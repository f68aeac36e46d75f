import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zApplyCreditInput,
  zCustomerAccount,
  zInvoicePayments,
  zOpenItems,
  zOpenItemsQuery,
  zRecordPaymentInput,
  zRefundCreditInput,
  zReversePaymentInput,
} from '@butler/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { PaymentService } from './payments.service.js';

const tags = ['Quickbill: Zahlungen'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Payments, credit (Guthaben), refunds and Offene Posten (decision 0580). */
export const paymentRoutes =
  (service: PaymentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/quickbill/invoices/:id/payments', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams, response: { 200: zInvoicePayments, ...errors } },
      handler: async (request) => service.forInvoice(request.params.id),
    });

    app.post('/api/quickbill/invoices/:id/payments', {
      config: { access: { permission: 'payments.record' } },
      schema: { tags, params: zIdParams, body: zRecordPaymentInput, response: { 201: zInvoicePayments, ...errors } },
      handler: async (request, reply) => {
        const result = await service.record(requireSession(request), request.params.id, request.body);
        return reply.code(201).send(result);
      },
    });

    app.post('/api/quickbill/payments/:id/reverse', {
      config: { access: { permission: 'payments.record' } },
      schema: {
        tags,
        params: zIdParams,
        body: zReversePaymentInput,
        response: {
          200: z.object({ invoice_id: z.number().nullable(), customer_id: z.number().nullable() }),
          ...errors,
        },
      },
      handler: async (request) => service.reverse(requireSession(request), request.params.id, request.body.reason),
    });

    app.get('/api/quickbill/customers/:customerId/account', {
      config: { access: { permission: 'invoices.read', customer: ['params.customerId'] } },
      schema: { tags, params: zCustomerIdParams, response: { 200: zCustomerAccount, ...errors } },
      handler: async (request) => service.account(request.params.customerId),
    });

    app.post('/api/quickbill/customers/:customerId/credit/apply', {
      config: { access: { permission: 'payments.record', customer: ['params.customerId'] } },
      schema: {
        tags,
        params: zCustomerIdParams,
        body: zApplyCreditInput,
        response: { 200: zCustomerAccount, ...errors },
      },
      handler: async (request) =>
        service.applyCredit(
          requireSession(request),
          request.params.customerId,
          request.body.invoice_id,
          request.body.amount,
        ),
    });

    app.post('/api/quickbill/customers/:customerId/credit/refund', {
      config: { access: { permission: 'payments.record', customer: ['params.customerId'] } },
      schema: {
        tags,
        params: zCustomerIdParams,
        body: zRefundCreditInput,
        response: { 200: zCustomerAccount, ...errors },
      },
      handler: async (request) => service.refund(requireSession(request), request.params.customerId, request.body),
    });

    app.get('/api/quickbill/open-items', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zOpenItemsQuery, response: { 200: zOpenItems, ...errors } },
      handler: async (request) => service.openItems(request.query),
    });
  };

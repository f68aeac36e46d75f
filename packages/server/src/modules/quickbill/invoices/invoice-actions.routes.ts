import { zErrorResponse, zIdParams, zOkResponse, zOptionalBody } from '@butler/contract/common';
import { zBulkSendResult, zIdsInput, zMarkPaidInput, zSendInvoiceInput } from '@butler/contract/quickbill';
import {
  zDueReminders,
  zNextReminder,
  zSendDueReminderInput,
  zSendDueReminderResult,
  zSendReminderInput,
} from '@butler/contract/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../lib/access.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import type { PaymentService } from '../payments/payments.service.js';
import { invoiceCiiXml } from '../pdf/invoice-xml.service.js';
import type { createReminderService } from '../reminders/reminder.service.js';
import type { SendService } from './invoice-send.service.js';
import type { createStatusService } from './invoice-status.service.js';

const tags = ['Quickbill'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

type Services = {
  deps: ServiceDeps;
  send: SendService;
  status: ReturnType<typeof createStatusService>;
  payments: PaymentService;
  reminders: ReturnType<typeof createReminderService>;
};

const inline = (filename: string) => `inline; filename="${filename}"`;

/** Send, pay, cancel, remind and the documents (PDF, EN 16931 XML, ebInterface XML, ZIP). */
export const invoiceActionRoutes =
  ({ deps, send, status, payments, reminders }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/quickbill/invoices/:id/send', {
      config: { access: { permission: 'invoices.issue' } },
      schema: {
        tags,
        params: zIdParams,
        body: zOptionalBody(zSendInvoiceInput),
        response: {
          200: z.object({
            invoice_number: z.string().nullable(),
            mail_id: z.number().nullable(),
            mail_status: z.enum(['queued', 'sent', 'failed']),
          }),
          ...errors,
        },
      },
      handler: async (request) => send.send(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/quickbill/invoices/bulk-send', {
      config: { access: { permission: 'invoices.issue' } },
      schema: { tags, body: zIdsInput, response: { 200: zBulkSendResult, ...errors } },
      handler: async (request) => send.bulkSend(requireSession(request), request.body.ids),
    });

    app.post('/api/quickbill/invoices/bulk-download', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, body: zIdsInput },
      handler: async (request, reply) => {
        const zip = await send.bulkDownload(request.body.ids);
        return reply
          .type('application/zip')
          .header('Content-Disposition', 'attachment; filename="Rechnungen.zip"')
          .send(zip);
      },
    });

    app.post('/api/quickbill/invoices/:id/mark-paid', {
      config: { access: { permission: 'invoices.mark_paid' } },
      schema: {
        tags,
        params: zIdParams,
        body: zOptionalBody(zMarkPaidInput),
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await payments.markPaid(requireSession(request), request.params.id, request.body ?? {});
        return { success: true as const, message: 'Rechnung als bezahlt markiert' };
      },
    });

    app.post('/api/quickbill/invoices/:id/cancel', {
      config: { access: { permission: 'invoices.cancel' } },
      schema: {
        tags,
        params: zIdParams,
        response: {
          200: z.object({
            deleted: z.boolean(),
            credit_note_id: z.number().nullable(),
            credit_note_mailed: z.boolean(),
          }),
          ...errors,
        },
      },
      handler: async (request) => status.cancel(requireSession(request), request.params.id),
    });

    app.post('/api/quickbill/invoices/:id/reminders', {
      config: { access: { permission: 'invoices.remind' } },
      schema: {
        tags,
        description: 'Die nächste Mahnstufe senden; vor Ablauf der eingestellten Tage nur mit early (decision 0770)',
        params: zIdParams,
        body: zOptionalBody(zSendReminderInput),
        response: { 200: z.object({ level: z.number(), label: z.string() }), ...errors },
      },
      handler: async (request) => reminders.sendNext(requireSession(request), request.params.id, request.body ?? {}),
    });

    app.get('/api/quickbill/invoices/:id/next-reminder', {
      config: { access: { permission: 'invoices.read' } },
      schema: {
        tags,
        description: 'Die nächste Mahnstufe: ab wann fällig, Gebühr und neue Zahlungsfrist',
        params: zIdParams,
        response: { 200: zNextReminder, ...errors },
      },
      handler: async (request) => reminders.next(request.params.id),
    });

    app.get('/api/quickbill/reminders/due', {
      config: { access: { permission: 'invoices.remind' } },
      schema: {
        tags,
        description: 'Heute fällige Mahnungen (wie der Mahnlauf): Vorschau für „Fällige Mahnungen senden“',
        response: { 200: zDueReminders, ...errors },
      },
      handler: async () => reminders.listDue(),
    });

    app.post('/api/quickbill/reminders/due', {
      config: { access: { permission: 'invoices.remind' } },
      schema: {
        tags,
        description: 'Eine fällige Mahnung des Laufs senden, wenn sie noch fällig ist (sonst der Grund)',
        body: zSendDueReminderInput,
        response: { 200: zSendDueReminderResult, ...errors },
      },
      handler: async (request) =>
        reminders.sendDue(requireSession(request), request.body.invoice_id, request.body.level),
    });

    app.get('/api/quickbill/invoices/:id/reminder-pdf', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams },
      handler: async (request, reply) => {
        const pdf = await reminders.preview(request.params.id);
        return reply.type('application/pdf').header('Content-Disposition', inline('Mahnung.pdf')).send(pdf);
      },
    });

    app.get('/api/quickbill/invoices/:id/pdf', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams },
      handler: async (request, reply) => {
        const { pdf, filename } = await send.pdf(request.params.id);
        return reply.type('application/pdf').header('Content-Disposition', inline(filename)).send(pdf);
      },
    });

    app.get('/api/quickbill/invoices/:id/ebinterface', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams },
      handler: async (request, reply) => {
        const { xml, filename } = await send.ebInterface(request.params.id);
        return reply
          .type('application/xml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(xml);
      },
    });

    app.get('/api/quickbill/invoices/:id/xml', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams },
      handler: async (request, reply) => {
        // Byte for byte the XML inside the PDF as sent (stored at issue), whatever changed since.
        const { document, xml } = await invoiceCiiXml(deps.db, request.params.id);
        const filename = `${(document.invoice.invoiceNumber ?? '').replace(/[^\w.-]+/g, '_')}.xml`;
        return reply
          .type('application/xml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(xml);
      },
    });
  };

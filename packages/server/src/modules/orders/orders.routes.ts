import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zOrderAccept,
  zOrderApproval,
  zOrderClose,
  zOrderCounts,
  zOrderCreate,
  zOrderDetail,
  zOrderList,
  zOrderListQuery,
  zOrderMessageCreate,
  zOrderOverride,
  zOrderUpdate,
} from '@butler/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { createOrdersService } from './orders.service.js';

const tags = ['Aufträge'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const one = { 200: zOrderDetail, ...errors };

/**
 * Aufträge (decision 0810): the lounge files and answers them, staff accept, estimate, plan
 * and close them. Uploads and the live stream are registered elsewhere.
 */
export const ordersRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createOrdersService(db, publicUrl);

    app.get('/api/customers/:customerId/orders', {
      config: { access: { permission: 'orders.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description:
          'Die Aufträge eines Kunden: was auf die Kundin oder den Kunden wartet (Antwort, Freigabe) zuerst, dann die neuesten (Lounge und Kundenseite)',
        params: zCustomerIdParams,
        querystring: zOrderListQuery,
        response: { 200: zOrderList, ...errors },
      },
      handler: async (request, reply) => {
        const { rows, total } = await service.listForCustomer(
          requireSession(request),
          request.params.customerId,
          request.query,
        );
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.post('/api/customers/:customerId/orders', {
      config: { access: { permission: 'orders.write', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description:
          'Neuer Auftrag aus der Lounge oder von Mitarbeitern für den Kunden (Telefon, WhatsApp, E-Mail); derselbe idempotency_key legt ihn nur einmal an (200 mit dem bestehenden)',
        params: zCustomerIdParams,
        body: zOrderCreate,
        response: { 201: zOrderDetail, ...one, 429: zErrorResponse },
      },
      handler: async (request, reply) => {
        const { order, created } = await service.create(
          requireSession(request),
          request.params.customerId,
          request.body,
        );
        reply.status(created ? 201 : 200);
        return order;
      },
    });

    app.get('/api/orders', {
      config: { access: { permission: 'orders.read', scoped: true } },
      schema: {
        tags,
        description:
          'Eingang der Aufträge: dringende zuerst, dann zuletzt geändert; ein Butler sieht die seiner Kunden',
        querystring: zOrderListQuery,
        response: { 200: zOrderList, ...errors },
      },
      handler: async (request, reply) => {
        const session = requireSession(request);
        const { rows, total } = await service.inbox(session, request.query, customerScope(session));
        sendTotalCount(reply, total);
        return rows;
      },
    });

    app.get('/api/orders/counts', {
      config: { access: { permission: 'orders.read', scoped: true } },
      schema: { tags, description: 'Zahlen für Navigation und Dashboard', response: { 200: zOrderCounts, ...errors } },
      handler: (request) => service.counts(customerScope(requireSession(request))),
    });

    app.get('/api/orders/:id', {
      config: { access: { permission: 'orders.read', customer: ['row:orders'], self: true } },
      schema: {
        tags,
        description: 'Ein Auftrag mit Nachrichten, Anhängen und Buchungen',
        params: zIdParams,
        response: one,
      },
      handler: (request) => service.detail(requireSession(request), request.params.id),
    });

    app.patch('/api/orders/:id', {
      config: { access: { permission: 'orders.write', customer: ['row:orders'] } },
      schema: {
        tags,
        description: 'Ändert einen Auftrag; eine Schätzung über den verfügbaren Stunden fragt die Freigabe an',
        params: zIdParams,
        body: zOrderUpdate,
        response: one,
      },
      handler: (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/orders/:id/accept', {
      config: { access: { permission: 'orders.write', customer: ['row:orders'] } },
      schema: {
        tags,
        description: 'Nimmt einen neuen Auftrag an; wer zuerst kommt, gewinnt (409 für den zweiten)',
        params: zIdParams,
        body: zOrderAccept.optional(),
        response: one,
      },
      handler: (request) => service.accept(requireSession(request), request.params.id, request.body ?? {}),
    });

    app.post('/api/orders/:id/messages', {
      config: { access: { permission: 'orders.write', customer: ['row:orders'], self: true } },
      schema: {
        tags,
        description: 'Nachricht zum Auftrag (Mitarbeiter auch als interne Notiz)',
        params: zIdParams,
        body: zOrderMessageCreate,
        response: { 201: zOrderDetail, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.addMessage(requireSession(request), request.params.id, request.body);
      },
    });

    app.post('/api/orders/:id/withdraw', {
      config: { access: { permission: 'orders.read', customer: ['row:orders'], self: true, customerOnly: true } },
      schema: {
        tags,
        description: 'Der Kunde zieht einen noch nicht angenommenen Auftrag zurück',
        params: zIdParams,
        response: one,
      },
      handler: (request) => service.withdraw(requireSession(request), request.params.id),
    });

    app.post('/api/orders/:id/approval', {
      config: { access: { permission: 'orders.read', customer: ['row:orders'], self: true, customerOnly: true } },
      schema: {
        tags,
        description: 'Die Antwort des Kunden auf eine Freigabe: freigeben, ablehnen oder mehr Stunden',
        params: zIdParams,
        body: zOrderApproval,
        response: one,
      },
      handler: (request) => service.approval(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/orders/:id/override', {
      config: { access: { permission: 'orders.override', customer: ['row:orders'] } },
      schema: {
        tags,
        description: 'Erlaubt Buchungen über die verfügbaren Stunden hinaus ohne Freigabe (mit Grund, protokolliert)',
        params: zIdParams,
        body: zOrderOverride,
        response: one,
      },
      handler: (request) => service.override(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/orders/:id/close', {
      config: { access: { permission: 'orders.write', customer: ['row:orders'] } },
      schema: {
        tags,
        description: 'Schließt den Auftrag als erledigt, mit Zusammenfassung der gebuchten Stunden an den Kunden',
        params: zIdParams,
        body: zOrderClose.optional(),
        response: one,
      },
      handler: (request) => service.close(requireSession(request), request.params.id, request.body ?? {}),
    });
  };

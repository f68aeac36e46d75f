import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zPackageChangeOptions,
  zPackageQuote,
  zPackageQuoteQuery,
  zPackageRequest,
  zPackageRequestAccept,
  zPackageRequestCreate,
  zPackageRequestDecline,
  zStaffPackageRequest,
  zStaffPackageRequestsQuery,
} from '@butler/contract/subscription-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { createPackageAnswersService } from './package-answers.service.js';
import { createPackageRequestsService } from './package-requests.service.js';

const tags = ['ButlerPakete: Wünsche'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  422: zErrorResponse,
};
const one = { 200: zPackageRequest, ...errors };

/** "Paket ändern" and "Verlängern" from the lounge, answered by staff (decision 0851). */
export const subscriptionRequestsRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const requests = createPackageRequestsService(db);
    const answers = createPackageAnswersService(db, publicUrl);

    app.get('/api/customers/:customerId/package-change', {
      config: { access: { permission: 'subscriptions.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description:
          'Was die ButlerPaket-Karte der Lounge anbietet: Paket ändern ab dem nächsten Monat, Verlängern, der offene Wunsch und die letzte Antwort',
        params: zCustomerIdParams,
        response: { 200: zPackageChangeOptions, ...errors },
      },
      handler: (request) => requests.options(request.params.customerId),
    });

    app.get('/api/customers/:customerId/package-change/quote', {
      config: { access: { permission: 'subscriptions.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description: 'Preis und Laufzeit einer Änderung nach den heutigen Regeln (nichts wird gespeichert)',
        params: zCustomerIdParams,
        querystring: zPackageQuoteQuery,
        response: { 200: zPackageQuote, ...errors },
      },
      handler: (request) =>
        requests.quote(request.params.customerId, request.query.template_id, request.query.monthly_hours),
    });

    app.post('/api/customers/:customerId/package-change', {
      config: {
        access: {
          permission: 'subscriptions.read',
          customer: ['params.customerId'],
          self: true,
          customerOnly: true,
        },
      },
      schema: {
        tags,
        description:
          'Die Kundin oder der Kunde wünscht eine Änderung ab dem nächsten Monat oder die Verlängerung; das Team nimmt an oder lehnt ab (derselbe idempotency_key legt einen Wunsch an)',
        params: zCustomerIdParams,
        body: zPackageRequestCreate,
        response: { 200: zPackageRequest, 201: zPackageRequest, ...errors },
      },
      handler: async (request, reply) => {
        const { request: wish, created } = await requests.create(
          requireSession(request),
          request.params.customerId,
          request.body,
        );
        reply.status(created ? 201 : 200);
        return wish;
      },
    });

    app.post('/api/subscription-requests/:id/withdraw', {
      config: {
        access: {
          permission: 'subscriptions.read',
          customer: ['row:subscription_requests'],
          self: true,
          customerOnly: true,
        },
      },
      schema: { tags, description: 'Zieht den offenen Wunsch zurück', params: zIdParams, response: one },
      handler: (request) => requests.withdraw(requireSession(request), request.params.id),
    });

    app.get('/api/subscription-requests', {
      config: { access: { permission: 'subscriptions.read', customer: ['query.customer_id'] } },
      schema: {
        tags,
        description:
          'Die offenen Paketwünsche aller Kunden (älteste zuerst) oder alle Wünsche eines Kunden (neueste zuerst)',
        querystring: zStaffPackageRequestsQuery,
        response: { 200: z.array(zStaffPackageRequest), ...errors },
      },
      handler: (request) => answers.list(request.query.customer_id),
    });

    app.post('/api/subscription-requests/:id/accept', {
      config: { access: { permission: 'subscriptions.write', customer: ['row:subscription_requests'] } },
      schema: {
        tags,
        description:
          'Nimmt den Wunsch an: die Änderung ab dem nächsten Monat oder die Verlängerung wird angelegt, der Kunde per E-Mail informiert',
        params: zIdParams,
        body: zPackageRequestAccept,
        response: one,
      },
      handler: (request) => answers.accept(requireSession(request), request.params.id, request.body.note),
    });

    app.post('/api/subscription-requests/:id/decline', {
      config: { access: { permission: 'subscriptions.write', customer: ['row:subscription_requests'] } },
      schema: {
        tags,
        description: 'Lehnt den Wunsch mit einer Notiz an den Kunden ab; das ButlerPaket bleibt, wie es ist',
        params: zIdParams,
        body: zPackageRequestDecline,
        response: one,
      },
      handler: (request) => answers.decline(requireSession(request), request.params.id, request.body.note),
    });
  };

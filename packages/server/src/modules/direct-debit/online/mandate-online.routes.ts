import { zCustomerIdParams, zErrorResponse } from '@butler/contract/common';
import {
  zMandateOnlineRevoke,
  zMandateOnlineSign,
  zMandateOnlineSigned,
  zMandateOnlineState,
} from '@butler/contract/mandate-online';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.js';
import { type PermissionAccess, requireSession } from '../../../lib/access.js';
import { createMandateOnlineService } from './mandate-online.service.js';
import { createMandateSigningService } from './mandate-signing.service.js';

const tags = ['Lastschrift'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const pdf = (reply: FastifyReply, bytes: Buffer, name: string) =>
  reply.type('application/pdf').header('Content-Disposition', `inline; filename="${name}"`).send(bytes);
/** The customer's own word: staff record paper mandates on the customer page instead. */
const own: PermissionAccess = {
  permission: 'direct_debit.read',
  customer: ['params.customerId'],
  self: true,
  customerOnly: true,
};

/** "Lastschrift einrichten" and "Lastschrift widerrufen" in the lounge (decision 0853). */
export const mandateOnlineRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const lounge = createMandateOnlineService(db, publicUrl);
    const signing = createMandateSigningService(db, publicUrl);

    app.get('/api/customers/:customerId/mandate-online', {
      config: { access: own },
      schema: {
        tags,
        description: 'Das aktive Mandat des Kunden und der Mandatstext, den die Lounge zum Unterschreiben zeigt',
        params: zCustomerIdParams,
        response: { 200: zMandateOnlineState, ...errors },
      },
      handler: (request) => lounge.state(request.params.customerId),
    });

    app.post('/api/customers/:customerId/mandate-online', {
      config: { access: own },
      schema: {
        tags,
        description:
          'Der Kunde unterschreibt ein SEPA-Basislastschrift-Mandat mit seinem Passwort; es ersetzt ein aktives Mandat. Derselbe idempotency_key unterschreibt nur einmal (200 mit dem ersten)',
        params: zCustomerIdParams,
        body: zMandateOnlineSign,
        response: { 201: zMandateOnlineSigned, 200: zMandateOnlineSigned, ...errors, 429: zErrorResponse },
      },
      handler: async (request, reply) => {
        const { created, ...signed } = await signing.sign(
          requireSession(request),
          request.params.customerId,
          request.body,
          { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        );
        reply.status(created ? 201 : 200);
        return signed;
      },
    });

    app.post('/api/customers/:customerId/mandate-online/revoke', {
      config: { access: own },
      schema: {
        tags,
        description:
          'Der Kunde widerruft sein aktives Mandat; künftige Rechnungen per Überweisung, das Team erfährt es per E-Mail',
        params: zCustomerIdParams,
        body: zMandateOnlineRevoke,
        response: { 200: zMandateOnlineState, ...errors },
      },
      handler: (request) => lounge.revoke(requireSession(request), request.params.customerId, request.body),
    });

    app.get('/api/customers/:customerId/mandate-online/copy', {
      config: { access: own },
      schema: {
        tags,
        description: 'Die Kopie des zuletzt online unterschriebenen Mandats (PDF, wie gemailt)',
        params: zCustomerIdParams,
        response: errors,
      },
      handler: async (request, reply) => {
        const copy = await lounge.copy(request.params.customerId);
        return pdf(reply, copy.bytes, copy.fileName);
      },
    });
  };

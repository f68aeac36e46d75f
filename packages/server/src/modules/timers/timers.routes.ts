import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import { zTimerAnswer, zTimerStart } from '@butler/contract/timers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { createTimersService } from './timers.service.js';

const tags = ['Zeiteinträge'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The signed-in staff member's own timer (decision 0640): read, start, stop, discard. */
export const timersRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createTimersService(db);

    app.get('/api/timer', {
      config: { access: { permission: 'time_entries.book', scoped: true } },
      schema: {
        tags,
        description: 'Der eigene Timer (läuft, gestoppt oder keiner); um Mitternacht (Wien) stoppt er von selbst',
        response: { 200: zTimerAnswer, ...errors },
      },
      handler: (request) => {
        const session = requireSession(request);
        return service.mine(session, customerScope(session));
      },
    });

    app.post('/api/timer', {
      config: { access: { permission: 'time_entries.book', customer: ['body.customer_id'] } },
      schema: {
        tags,
        description:
          'Startet den eigenen Timer für einen Kunden; ein Timer je Mitarbeiter (409, wenn schon einer läuft)',
        body: zTimerStart,
        response: { 201: zTimerAnswer, 409: zErrorResponse, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.start(requireSession(request), request.body);
      },
    });

    app.post('/api/timer/stop', {
      config: { access: { permission: 'time_entries.book', scoped: true } },
      schema: {
        tags,
        description: 'Stoppt den eigenen Timer; die Zeit wird danach im Dialog gebucht (from_timer) oder verworfen',
        response: { 200: zTimerAnswer, ...errors },
      },
      handler: (request) => {
        const session = requireSession(request);
        return service.stop(session, customerScope(session));
      },
    });

    app.delete('/api/timer', {
      config: { access: { permission: 'time_entries.book', noCustomerData: true } },
      schema: {
        tags,
        description: 'Verwirft den eigenen Timer ohne Buchung',
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await service.discard(requireSession(request));
        return { success: true as const, message: 'Timer verworfen' };
      },
    });
  };

import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zCustomerVisits,
  zLoungeVisit,
  zOpenVisitRequests,
  zTripHistory,
  zVisit,
  zVisitCancel,
  zVisitCreate,
  zVisitCreated,
  zVisitDone,
  zVisitListQuery,
  zVisitPeople,
  zVisitRequestCreate,
  zVisitRequestResolve,
  zVisitSettings,
  zVisitSettingsInput,
  zVisitUpdate,
} from '@butler/contract/visits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { createVisitRequestsService } from './visit-requests.service.js';
import { loadVisitSettings, saveVisitSettings } from './visit-settings.service.js';
import { createVisitsService, loungeVisit } from './visits.service.js';

const tags = ['Termine'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const one = { 200: zVisit, ...errors };

/** Termine and Fahrten (decision 0840): the calendar, planning, and the lounge's next visits. */
export const visitsRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createVisitsService(db, publicUrl);
    const requests = createVisitRequestsService(db);

    app.get('/api/visits', {
      config: { access: { permission: 'visits.read', scoped: true } },
      schema: {
        tags,
        description:
          'Die Termine von Tagen (höchstens 42), eines Mitarbeiters oder des Teams; ein Butler sieht die seiner Kunden',
        querystring: zVisitListQuery,
        response: { 200: zVisit.array(), ...errors },
      },
      handler: (request) => service.list(request.query, customerScope(requireSession(request))),
    });

    app.get('/api/visits/people', {
      config: { access: { permission: 'visits.read', noCustomerData: true } },
      schema: {
        tags,
        description: 'Wer für Termine eingeplant werden kann (aktive Mitarbeiter außer der Buchhaltung)',
        response: { 200: zVisitPeople, ...errors },
      },
      handler: () => service.people(),
    });

    app.post('/api/visits', {
      config: { access: { permission: 'visits.write', customer: ['body.customer_id'] } },
      schema: {
        tags,
        description:
          'Plant einen Termin oder eine Serie (bis höchstens ein Jahr); 409 nennt, wer zu dieser Zeit schon einen Termin hat (allow_conflicts speichert trotzdem)',
        body: zVisitCreate,
        response: { 201: zVisitCreated, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.create(requireSession(request), request.body);
      },
    });

    app.get('/api/visits/:id', {
      config: { access: { permission: 'visits.read', customer: ['row:visits'] } },
      schema: { tags, description: 'Ein Termin', params: zIdParams, response: one },
      handler: (request) => service.detail(request.params.id),
    });

    app.patch('/api/visits/:id', {
      config: { access: { permission: 'visits.write', customer: ['row:visits'] } },
      schema: {
        tags,
        description: 'Ändert diesen Termin (nicht die übrigen der Serie); eine neue Zeit macht ihn „verschoben“',
        params: zIdParams,
        body: zVisitUpdate,
        response: one,
      },
      handler: (request) => service.update(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/visits/:id/cancel', {
      config: { access: { permission: 'visits.write', customer: ['row:visits'] } },
      schema: {
        tags,
        description: 'Sagt den Termin mit Grund ab; following: auch alle folgenden offenen der Serie',
        params: zIdParams,
        body: zVisitCancel,
        response: one,
      },
      handler: (request) => service.cancel(requireSession(request), request.params.id, request.body),
    });

    app.post('/api/visits/:id/done', {
      config: { access: { permission: 'visits.write', customer: ['row:visits'] } },
      schema: {
        tags,
        description: 'Markiert den Termin als erledigt und liefert die Werte für den neuen Zeiteintrag',
        params: zIdParams,
        response: { 200: zVisitDone, ...errors },
      },
      handler: (request) => service.done(requireSession(request), request.params.id),
    });

    app.post('/api/visits/:id/confirm', {
      config: {
        access: { permission: 'visits.read', customer: ['row:visits'], self: true, customerOnly: true },
      },
      schema: {
        tags,
        description: 'Die Kundin oder der Kunde bestätigt einen geplanten oder verschobenen Termin',
        params: zIdParams,
        response: { 200: zLoungeVisit, ...errors },
      },
      handler: (request) => service.confirm(requireSession(request), request.params.id),
    });

    app.get('/api/customers/:customerId/visits', {
      config: { access: { permission: 'visits.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description: 'Die nächsten Termine eines Kunden und die Fahrten dieses Monats (Lounge und Kundenseite)',
        params: zCustomerIdParams,
        response: { 200: zCustomerVisits, ...errors },
      },
      handler: (request) => service.forCustomer(request.params.customerId),
    });

    app.get('/api/customers/:customerId/trips', {
      config: { access: { permission: 'visits.read', customer: ['params.customerId'] } },
      schema: {
        tags,
        description: 'Die Fahrten eines Kunden je Monat, dieser und die elf Monate davor',
        params: zCustomerIdParams,
        response: { 200: zTripHistory, ...errors },
      },
      handler: (request) => service.trips(request.params.customerId),
    });

    app.post('/api/visits/:id/requests', {
      config: {
        access: { permission: 'visits.read', customer: ['row:visits'], self: true, customerOnly: true },
      },
      schema: {
        tags,
        description:
          'Die Kundin oder der Kunde bittet, den Termin zu verschieben oder abzusagen (bis zur eingestellten Frist davor); der Wunsch erscheint als Aufgabe im Kalender, der Termin bleibt, bis das Team ihn ändert',
        params: zIdParams,
        body: zVisitRequestCreate,
        response: { 201: zLoungeVisit, ...errors },
      },
      handler: async (request, reply) => {
        const visit = await requests.create(requireSession(request), request.params.id, request.body);
        const { request_hours } = await loadVisitSettings(db);
        reply.status(201);
        return loungeVisit(visit, request_hours);
      },
    });

    app.get('/api/visit-requests', {
      config: { access: { permission: 'visits.read', scoped: true } },
      schema: {
        tags,
        description: 'Die offenen Wünsche der Kunden, Termine zu verschieben oder abzusagen (älteste zuerst)',
        response: { 200: zOpenVisitRequests, ...errors },
      },
      handler: (request) => requests.open(customerScope(requireSession(request))),
    });

    app.post('/api/visit-requests/:id/resolve', {
      config: { access: { permission: 'visits.write', customer: ['row:visit_requests'] } },
      schema: {
        tags,
        description:
          'Markiert einen Terminwunsch als erledigt (Verschieben oder Absagen des Termins tut das von selbst)',
        params: zIdParams,
        body: zVisitRequestResolve,
        response: one,
      },
      handler: (request) => requests.resolve(requireSession(request), request.params.id, request.body.note),
    });

    app.get('/api/settings/visits', {
      config: { access: { permission: 'visits.read', noCustomerData: true } },
      schema: {
        tags,
        description: 'Einstellungen der Termine: Frist für Kundenwünsche, Fahrten über dem Kontingent, Übernahme',
        response: { 200: zVisitSettings, ...errors },
      },
      handler: () => loadVisitSettings(db),
    });

    app.put('/api/settings/visits', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description: 'Speichert die Einstellungen der Termine („verrechnen“ braucht das Produkt einer Fahrt)',
        body: zVisitSettingsInput,
        response: { 200: zVisitSettings, ...errors },
      },
      handler: (request) => saveVisitSettings(db, requireSession(request), request.body),
    });
  };

import {
  zCalendarFeedCreated,
  zCalendarFeedScopeParams,
  zCustomerCalendarFeed,
  zStaffCalendarFeeds,
} from '@butler/contract/calendar-feeds';
import { zCustomerIdParams, zErrorResponse, zOkResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { AppError } from '../../lib/errors.js';
import { createCalendarFeedsService } from './calendar-feeds.service.js';

const tags = ['Termine'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Kalender-Abos (decision 0841): make, renew and switch off the private iCal addresses, and serve them. */
export const calendarFeedsRoutes =
  (db: Database, publicUrl: string, loginRequestsPerMinute: number): FastifyPluginAsyncZod =>
  async (app) => {
    const feeds = createCalendarFeedsService(db, publicUrl);
    // A calendar asks every few minutes to hours; a guesser of addresses gets as little per
    // minute as at the login (at least 60 from one IP, for an office of calendars behind one address).
    const feedLimit = { max: Math.max(60, loginRequestsPerMinute), timeWindow: '1 minute' };

    app.get('/api/calendar-feeds', {
      config: { access: { permission: 'visits.read', noCustomerData: true } },
      schema: {
        tags,
        description: 'Die eigenen Kalender-Abos (ohne Adresse: sie wird nur beim Anlegen gezeigt)',
        response: { 200: zStaffCalendarFeeds, ...errors },
      },
      handler: (request) => feeds.staffFeeds(requireSession(request)),
    });

    app.post('/api/calendar-feeds/:scope', {
      config: { access: { permission: 'visits.read', noCustomerData: true } },
      schema: {
        tags,
        description:
          'Legt das Kalender-Abo an oder erneuert es (die alte Adresse gilt dann nicht mehr); die Adresse steht nur in dieser Antwort. „team“ nur für Inhaber und Büro',
        params: zCalendarFeedScopeParams,
        response: { 201: zCalendarFeedCreated, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return feeds.makeStaffFeed(requireSession(request), request.params.scope);
      },
    });

    app.delete('/api/calendar-feeds/:scope', {
      config: { access: { permission: 'visits.read', noCustomerData: true } },
      schema: {
        tags,
        description: 'Schaltet das Kalender-Abo aus: die Adresse antwortet ab jetzt mit 404',
        params: zCalendarFeedScopeParams,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await feeds.revokeStaffFeed(requireSession(request), request.params.scope);
        return { success: true as const };
      },
    });

    const own = (): { permission: 'visits.read'; customer: ['params.customerId']; self: true; customerOnly: true } => ({
      permission: 'visits.read',
      customer: ['params.customerId'],
      self: true,
      customerOnly: true,
    });

    app.get('/api/customers/:customerId/calendar-feed', {
      config: { access: own() },
      schema: {
        tags,
        description: 'Das Kalender-Abo der eigenen Termine (Mein Konto): eingeschaltet oder nicht',
        params: zCustomerIdParams,
        response: { 200: zCustomerCalendarFeed, ...errors },
      },
      handler: (request) => feeds.customerFeed(request.params.customerId),
    });

    app.post('/api/customers/:customerId/calendar-feed', {
      config: { access: own() },
      schema: {
        tags,
        description:
          'Schaltet das Kalender-Abo der eigenen Termine ein oder erneuert es; die Adresse steht nur in dieser Antwort',
        params: zCustomerIdParams,
        response: { 201: zCalendarFeedCreated, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return feeds.makeCustomerFeed(requireSession(request), request.params.customerId);
      },
    });

    app.delete('/api/customers/:customerId/calendar-feed', {
      config: { access: own() },
      schema: {
        tags,
        description: 'Schaltet das Kalender-Abo der eigenen Termine aus',
        params: zCustomerIdParams,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await feeds.revokeCustomerFeed(requireSession(request), request.params.customerId);
        return { success: true as const };
      },
    });

    app.get('/api/calendar/:file', {
      config: { access: 'public', rateLimit: feedLimit },
      schema: {
        tags,
        description:
          'Ein Kalender-Abo (RFC 5545, text/calendar): die Termine von 60 Tagen zurück bis 400 Tage voraus; 404 für eine unbekannte oder widerrufene Adresse',
        params: z.object({ file: z.string().max(100) }),
      },
      handler: async (request, reply) => {
        const calendar = await feeds.render(request.params.file);
        if (!calendar) throw new AppError('CALENDAR_FEED_NOT_FOUND');
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', 'inline; filename="termine.ics"')
          .send(calendar);
      },
    });
  };

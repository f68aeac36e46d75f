import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zHourOffer,
  zHourOfferInput,
  zHourOrder,
  zHourOrderCreate,
  zHourOrderDecline,
  zHourOrderListQuery,
  zHourShop,
  zHourShopAdmin,
  zHourShopSettings,
} from '@butler/contract/hour-shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { createHourOrdersService } from './hour-orders.service.js';
import { createHourShopSettingsService } from './hour-shop-settings.service.js';

const tags = ['Stunden nachkaufen'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** "Stunden nachkaufen" (decision 0850): the lounge's counter, its catalogue and settings, staff confirmation. */
export const hourShopRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const orders = createHourOrdersService(db, publicUrl);
    const settings = createHourShopSettingsService(db);

    app.get('/api/customers/:customerId/hour-shop', {
      config: { access: { permission: 'hour_packages.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description:
          'Die Stundenpakete zum Nachkaufen mit dem Bruttopreis der Rechnung, die Regeln und die letzten Bestellungen',
        params: zCustomerIdParams,
        response: { 200: zHourShop, ...errors },
      },
      handler: (request) => orders.shop(request.params.customerId),
    });

    app.post('/api/customers/:customerId/hour-orders', {
      config: {
        access: { permission: 'hour_packages.write', customer: ['params.customerId'], self: true, customerOnly: true },
      },
      schema: {
        tags,
        description:
          'Der Kunde bestellt ein Stundenpaket: Paket und Rechnung (oder die Bitte um Bestätigung) in einer Transaktion; derselbe idempotency_key bestellt nur einmal (200 mit der bestehenden Bestellung)',
        params: zCustomerIdParams,
        body: zHourOrderCreate,
        response: { 201: zHourOrder, 200: zHourOrder, ...errors, 429: zErrorResponse },
      },
      handler: async (request, reply) => {
        const { order, replayed } = await orders.order(
          requireSession(request),
          request.params.customerId,
          request.body,
        );
        reply.status(replayed ? 200 : 201);
        return order;
      },
    });

    app.get('/api/hour-orders', {
      config: { access: { permission: 'hour_packages.read' } },
      schema: {
        tags,
        description: 'Bestellungen aus der Lounge eines Status (ohne Angabe: die wartenden, älteste zuerst)',
        querystring: zHourOrderListQuery,
        response: { 200: z.array(zHourOrder), ...errors },
      },
      handler: (request) => orders.list(request.query.state),
    });

    app.get('/api/hour-orders/count', {
      config: { access: { permission: 'hour_packages.read' } },
      schema: {
        tags,
        description: 'Wie viele Bestellungen aus der Lounge auf Bestätigung warten',
        response: { 200: z.object({ waiting: z.number() }), ...errors },
      },
      handler: async () => ({ waiting: await orders.count() }),
    });

    app.post('/api/hour-orders/:id/confirm', {
      config: { access: { permission: 'hour_packages.write', customer: ['row:hour_orders'] } },
      schema: {
        tags,
        description: 'Bestätigt eine wartende Bestellung: Stundenpaket und Rechnung werden erstellt und versendet',
        params: zIdParams,
        response: { 200: zHourOrder, ...errors },
      },
      handler: (request) => orders.confirm(requireSession(request), request.params.id),
    });

    app.post('/api/hour-orders/:id/decline', {
      config: { access: { permission: 'hour_packages.write', customer: ['row:hour_orders'] } },
      schema: {
        tags,
        description: 'Lehnt eine wartende Bestellung mit einer Begründung ab, die der Kunde per E-Mail erhält',
        params: zIdParams,
        body: zHourOrderDecline,
        response: { 200: zHourOrder, ...errors },
      },
      handler: (request) => orders.decline(requireSession(request), request.params.id, request.body.note),
    });

    app.get('/api/settings/hour-shop', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description: 'Einstellungen und Angebot von „Stunden nachkaufen“',
        response: { 200: zHourShopAdmin, ...errors },
      },
      handler: () => settings.admin(),
    });

    app.put('/api/settings/hour-shop', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description:
          'Speichert, wann gekaufte Stunden nutzbar werden, ob Bestellungen bestätigt werden und das Tageslimit',
        body: zHourShopSettings,
        response: { 200: zHourShopSettings, ...errors },
      },
      handler: (request) => settings.save(requireSession(request), request.body),
    });

    app.post('/api/settings/hour-shop/offers', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description: 'Ein Stundenpaket ins Angebot der Lounge aufnehmen',
        body: zHourOfferInput,
        response: { 201: zHourOffer, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return settings.createOffer(requireSession(request), request.body);
      },
    });

    app.put('/api/settings/hour-shop/offers/:id', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description:
          'Stunden, Preis pro Stunde oder aktiv eines Angebots ändern (bestehende Bestellungen bleiben, wie sie sind)',
        params: zIdParams,
        body: zHourOfferInput,
        response: { 200: zHourOffer, ...errors },
      },
      handler: (request) => settings.updateOffer(requireSession(request), request.params.id, request.body),
    });

    app.delete('/api/settings/hour-shop/offers/:id', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags,
        description: 'Ein nie bestelltes Angebot löschen (ein bestelltes wird deaktiviert)',
        params: zIdParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await settings.deleteOffer(requireSession(request), request.params.id);
        reply.status(204);
        return null;
      },
    });
  };

import { zErrorResponse } from '@butler/contract/common';
import { zMyCustomer, zMyHours } from '@butler/contract/my-day';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { customerScope } from '../../lib/customer-scope.js';
import { myCustomers, myHours } from './my-day.service.js';

const tags = ['Mein Tag'];
const errors = { 401: zErrorResponse, 403: zErrorResponse };

/** A staff member's own work (decision 0743): their hours and the customers they look after. */
export const myDayRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/my-hours', {
      config: { access: { permission: 'time_entries.book', scoped: true } },
      schema: {
        tags,
        description: 'Meine Stunden: die eigenen Buchungen dieser Woche und dieses Monats, nach Tag und Kunde',
        response: { 200: zMyHours, ...errors },
      },
      handler: (request) => {
        const session = requireSession(request);
        return myHours(db, session, customerScope(session), todayVienna());
      },
    });

    app.get('/api/my-customers', {
      config: { access: { permission: 'customers.dashboard', scoped: true } },
      schema: {
        tags,
        description: 'Meine Kunden: die Kunden, die man betreut, mit Adresse und den jetzt verfügbaren Stunden',
        response: { 200: z.array(zMyCustomer), ...errors },
      },
      handler: (request) => {
        const session = requireSession(request);
        return myCustomers(db, session, customerScope(session), todayVienna());
      },
    });
  };

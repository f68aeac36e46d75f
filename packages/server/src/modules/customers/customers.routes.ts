import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zCustomer,
  zCustomerCreate,
  zCustomerDeleteResponse,
  zCustomerListItem,
  zCustomerListQuery,
  zCustomerStaffUpdate,
  zCustomerUpdate,
  zNotesUpdate,
  zPersonalDataUpdate,
} from '@butler/contract/customers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { can, requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { sendTotalCount } from '../../lib/pagination.js';
import type { AccountMails } from '../auth/account-mails.service.js';
import { presentCustomer, presentCustomerListItem } from './customer.present.js';
import { deleteCustomer } from './customer-delete.service.js';
import { setCustomerStaff } from './customer-staff.service.js';
import { createCustomersService } from './customers.service.js';

const tags = ['Kunden'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const customersRoutes =
  (db: Database, accountMails: AccountMails): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCustomersService(db, accountMails);
    const answer = (request: FastifyRequest, found: Awaited<ReturnType<typeof service.get>>) =>
      presentCustomer(
        found.customer,
        found.referredByName,
        found.staff,
        can(request.session, 'customers.private.read'),
      );

    app.get('/api/customers', {
      config: { access: { permission: 'customers.read', scoped: true } },
      schema: { tags, querystring: zCustomerListQuery, response: { 200: z.array(zCustomerListItem), ...errors } },
      handler: async (request, reply) => {
        const { rows, total } = await service.list(request.query, customerScope(request.session));
        sendTotalCount(reply, total);
        return rows.map(presentCustomerListItem);
      },
    });

    app.post('/api/customers', {
      config: { access: { permission: 'customers.write' } },
      schema: { tags, body: zCustomerCreate, response: { 201: zCustomer, 409: zErrorResponse, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return answer(request, await service.create(requireSession(request), request.body));
      },
    });

    app.post('/api/customers/:id/password-link', {
      config: { access: { permission: 'customers.write', customer: ['params.id'] } },
      schema: {
        tags,
        description:
          'Mailt dem Kunden einen Link zum Passwort-Setzen: die Einladung (7 Tage), oder nach gesetztem Passwort einen Zurücksetzen-Link (60 Minuten).',
        params: zIdParams,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await accountMails.customerPasswordLink(requireSession(request), request.params.id);
        return { success: true as const, message: 'Link gesendet' };
      },
    });

    app.get('/api/customers/:id', {
      config: { access: { permission: 'customers.read', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, response: { 200: zCustomer, ...errors } },
      handler: async (request) => answer(request, await service.get(request.params.id)),
    });

    app.put('/api/customers/:id', {
      config: { access: { permission: 'customers.write', customer: ['params.id'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zCustomerUpdate,
        response: { 200: zCustomer, 409: zErrorResponse, ...errors },
      },
      handler: async (request) =>
        answer(request, await service.update(requireSession(request), request.params.id, request.body)),
    });

    app.delete('/api/customers/:id', {
      config: { access: { permission: 'customers.delete', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, response: { 200: zCustomerDeleteResponse, ...errors } },
      handler: async (request) => {
        const result = await deleteCustomer(db, requireSession(request), request.params.id);
        return { success: true as const, message: 'Kunde erfolgreich gelöscht', ...result };
      },
    });

    app.put('/api/customers/:id/personal-data', {
      config: { access: { permission: 'customers.private.write', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, body: zPersonalDataUpdate, response: { 200: zCustomer, ...errors } },
      handler: async (request) =>
        answer(request, await service.updatePersonalData(requireSession(request), request.params.id, request.body)),
    });

    app.put('/api/customers/:id/notes', {
      config: { access: { permission: 'customers.private.write', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, body: zNotesUpdate, response: { 200: zCustomer, ...errors } },
      handler: async (request) =>
        answer(request, await service.updateNotes(requireSession(request), request.params.id, request.body.notes)),
    });

    app.put('/api/customers/:id/staff', {
      config: { access: { permission: 'customers.assign', customer: ['params.id'] } },
      schema: {
        tags,
        description:
          'Betreuer des Kunden festlegen (ersetzt die Liste). Ein Butler sieht nur die Kunden, deren Betreuer er ist; gilt ab seiner nächsten Anfrage.',
        params: zIdParams,
        body: zCustomerStaffUpdate,
        response: { 200: zCustomer, ...errors },
      },
      handler: async (request) => {
        await setCustomerStaff(db, requireSession(request), request.params.id, request.body.staff_ids);
        return answer(request, await service.get(request.params.id));
      },
    });
  };

import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zCustomer,
  zCustomerCreate,
  zCustomerDeleteResponse,
  zCustomerListItem,
  zCustomerListQuery,
  zCustomerUpdate,
  zNotesUpdate,
  zPersonalDataUpdate,
} from '@butler/contract/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { sendTotalCount } from '../../lib/pagination.js';
import type { AccountMails } from '../auth/account-mails.service.js';
import { presentCustomer, presentCustomerListItem } from './customer-present.js';
import { createCustomersService } from './customers.service.js';
import { deleteCustomer } from './customers-delete.js';

const tags = ['Kunden'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const customersRoutes =
  (db: Database, accountMails: AccountMails): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCustomersService(db, accountMails);
    const answer = ({ customer, referredByName }: Awaited<ReturnType<typeof service.get>>) =>
      presentCustomer(customer, referredByName);

    app.get('/api/customers', {
      config: { access: 'admin' },
      schema: { tags, querystring: zCustomerListQuery, response: { 200: z.array(zCustomerListItem), ...errors } },
      handler: async (request, reply) => {
        const { rows, total } = await service.list(request.query);
        sendTotalCount(reply, total);
        return rows.map(presentCustomerListItem);
      },
    });

    app.post('/api/customers', {
      config: { access: 'admin' },
      schema: { tags, body: zCustomerCreate, response: { 201: zCustomer, 409: zErrorResponse, ...errors } },
      handler: async (request, reply) => {
        reply.status(201);
        return answer(await service.create(requireSession(request), request.body));
      },
    });

    app.post('/api/customers/:id/password-link', {
      config: { access: 'admin' },
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
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, response: { 200: zCustomer, ...errors } },
      handler: async (request) => answer(await service.get(request.params.id)),
    });

    app.put('/api/customers/:id', {
      config: { access: 'admin' },
      schema: {
        tags,
        params: zIdParams,
        body: zCustomerUpdate,
        response: { 200: zCustomer, 409: zErrorResponse, ...errors },
      },
      handler: async (request) =>
        answer(await service.update(requireSession(request), request.params.id, request.body)),
    });

    app.delete('/api/customers/:id', {
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, response: { 200: zCustomerDeleteResponse, ...errors } },
      handler: async (request) => {
        const result = await deleteCustomer(db, requireSession(request), request.params.id);
        return { success: true as const, message: 'Kunde erfolgreich gelöscht', ...result };
      },
    });

    app.put('/api/customers/:id/personal-data', {
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, body: zPersonalDataUpdate, response: { 200: zCustomer, ...errors } },
      handler: async (request) =>
        answer(await service.updatePersonalData(requireSession(request), request.params.id, request.body)),
    });

    app.put('/api/customers/:id/notes', {
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, body: zNotesUpdate, response: { 200: zCustomer, ...errors } },
      handler: async (request) =>
        answer(await service.updateNotes(requireSession(request), request.params.id, request.body.notes)),
    });
  };

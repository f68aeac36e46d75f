import { zCustomerIdParams, zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zCustomerMonths,
  zMonthConfirmationSettings,
  zMonthConfirmationSettingsView,
  zMonthDetail,
  zMonthParams,
  zMonthQuestion,
  zMonthQuestionCreate,
  zMonthQuestionReply,
  zOpenMonthQuestions,
} from '@butler/contract/month-confirmations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerScope } from '../../lib/customer-scope.js';
import { createMonthConfirmationsService } from './month-confirmations.service.js';
import { createMonthQuestionsService } from './month-questions.service.js';
import { loadMonthSettings, saveMonthSettings } from './month-settings.service.js';

const tags = ['Monatsfreigabe'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Monatsfreigabe (decision 0852): the setting, the customer's months, confirming and Rückfragen. */
export const monthConfirmationsRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const months = createMonthConfirmationsService(db);
    const questions = createMonthQuestionsService(db, publicUrl);

    app.get('/api/settings/month-confirmations', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: { tags: ['Einstellungen'], response: { 200: zMonthConfirmationSettingsView, ...errors } },
      handler: () => loadMonthSettings(db),
    });

    app.put('/api/settings/month-confirmations', {
      config: { access: { permission: 'settings.write', noCustomerData: true } },
      schema: {
        tags: ['Einstellungen'],
        description:
          'Monatsfreigabe: aus, freiwillig oder Pflicht vor der Stundenrechnung; Tage bis zur automatischen Bestätigung',
        body: zMonthConfirmationSettings,
        response: { 200: zMonthConfirmationSettingsView, ...errors },
      },
      handler: (request) => saveMonthSettings(db, requireSession(request), request.body),
    });

    app.get('/api/customers/:customerId/months', {
      config: { access: { permission: 'time_entries.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description: 'Die beendeten Monate der Monatsfreigabe mit Einträgen, neueste zuerst (Lounge und Kundenseite)',
        params: zCustomerIdParams,
        response: { 200: zCustomerMonths, ...errors },
      },
      handler: (request) => months.months(request.params.customerId),
    });

    app.get('/api/customers/:customerId/months/:month', {
      config: { access: { permission: 'time_entries.read', customer: ['params.customerId'], self: true } },
      schema: {
        tags,
        description: 'Ein beendeter Monat: seine Einträge, seine Rückfragen mit Verlauf und wie er steht',
        params: zMonthParams,
        response: { 200: zMonthDetail, ...errors },
      },
      handler: (request) => months.detail(requireSession(request), request.params.customerId, request.params.month),
    });

    app.post('/api/customers/:customerId/months/:month/confirm', {
      config: {
        access: { permission: 'time_entries.read', customer: ['params.customerId'], self: true, customerOnly: true },
      },
      schema: {
        tags,
        description:
          'Die Kundin oder der Kunde bestätigt die Einträge des Monats (einmal; nicht bei offener Rückfrage)',
        params: zMonthParams,
        response: { 200: zMonthDetail, ...errors },
      },
      handler: (request) => months.confirm(requireSession(request), request.params.customerId, request.params.month),
    });

    app.post('/api/customers/:customerId/months/:month/questions', {
      config: {
        access: { permission: 'time_entries.read', customer: ['params.customerId'], self: true, customerOnly: true },
      },
      schema: {
        tags,
        description: 'Rückfrage zu einem Eintrag des Monats; sie geht an die Betreuer des Kunden',
        params: zMonthParams,
        body: zMonthQuestionCreate,
        response: { 201: zMonthQuestion, ...errors },
      },
      handler: async (request, reply) => {
        const { customerId, month } = request.params;
        const created = await questions.ask(requireSession(request), customerId, month, request.body);
        reply.status(201);
        return created;
      },
    });

    app.post('/api/month-questions/:id/messages', {
      config: { access: { permission: 'time_entries.book', customer: ['row:month_questions'], self: true } },
      schema: {
        tags,
        description:
          'Eine Nachricht im Verlauf einer Rückfrage: vom Team beantwortet sie, vom Kunden öffnet sie sie wieder',
        params: zIdParams,
        body: zMonthQuestionReply,
        response: { 200: zMonthQuestion, ...errors },
      },
      handler: (request) => questions.reply(requireSession(request), request.params.id, request.body.message),
    });

    app.get('/api/month-questions', {
      config: { access: { permission: 'time_entries.read', scoped: true } },
      schema: {
        tags,
        description: 'Offene Rückfragen der eigenen Kunden, älteste zuerst',
        response: { 200: zOpenMonthQuestions, ...errors },
      },
      handler: (request) => questions.open(customerScope(requireSession(request))),
    });
  };

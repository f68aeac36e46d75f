import { zStatementMonth, zStatementParams, zStatementVersionParams } from '@butler/contract/balance-alerts';
import { zErrorResponse, zIdParams } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import {
  currentStatementPdf,
  listStatements,
  requireStatementMonth,
  statementVersionPdf,
} from './statement-versions.service.js';
import { resendStatement } from './statements.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const fileName = (month: string, version: number | null) =>
  `Monatsuebersicht-${month}${version ? `-Korrektur-${version}` : ''}.pdf`;

/** Monatsübersichten: list and download (customer-own), send again (admin). */
export const statementsRoutes =
  (db: Database, env: Env): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/customers/:id/statements', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Vergangene Monate mit Buchungen, neueste zuerst, mit versendeter Fassung und Korrekturen',
        params: zIdParams,
        response: { 200: z.array(zStatementMonth), ...errors },
      },
      handler: async (request) => listStatements(db, request.params.id, todayVienna()),
    });

    app.get('/api/customers/:id/statements/:month/pdf', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Die gültige Monatsübersicht als PDF: die neueste versendete Fassung, wie sie versendet wurde',
        params: zStatementParams,
      },
      handler: async (request, reply) => {
        const { id, month } = request.params;
        const { pdf, version } = await currentStatementPdf(
          db,
          id,
          month,
          todayVienna(),
          requireSession(request).dataVersion,
        );
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${fileName(month, version)}"`)
          .send(pdf);
      },
    });

    app.get('/api/customers/:id/statements/:month/versions/:version/pdf', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Eine Fassung der Monatsübersicht (0 die versendete, ab 1 ihre Korrekturen) wie gespeichert',
        params: zStatementVersionParams,
      },
      handler: async (request, reply) => {
        const { id, month, version } = request.params;
        const pdf = await statementVersionPdf(db, id, month, version);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${fileName(month, version)}"`)
          .send(pdf);
      },
    });

    app.post('/api/customers/:id/statements/:month/send', {
      config: { access: { permission: 'statements.send', customer: ['params.id'] } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Die gültige Fassung der Monatsübersicht (erneut) an den Kunden senden',
        params: zStatementParams,
        response: { 200: z.object({ mail_id: z.number() }), ...errors },
      },
      handler: async (request) => {
        const { id, month } = request.params;
        await requireStatementMonth(db, id, month, todayVienna());
        const queued = await resendStatement(db, env, requireSession(request), id, month);
        if (!queued) throw new AppError('CUSTOMER_NOT_FOUND');
        return { mail_id: queued.id };
      },
    });
  };

import { zStatementMonth, zStatementParams } from '@butler/contract/balance-alerts';
import { zErrorResponse, zIdParams } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { monthDisplay } from '../../domain/calendar.js';
import type { Env } from '../../env.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { statementMonths } from './statement-data.js';
import { statementPdf } from './statement-pdfs.js';
import { resendStatement } from './statements.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const NO_STATEMENT = 'Für diesen Monat gibt es keine Monatsübersicht';

/** Monatsübersichten: list and download (customer-own), send again (admin). */
export const statementsRoutes =
  (db: Database, env: Env): FastifyPluginAsyncZod =>
  async (app) => {
    async function requireMonth(customerId: number, month: string) {
      const months = await statementMonths(db, customerId, todayVienna());
      if (!months.includes(month)) throw new AppError('NOT_FOUND', NO_STATEMENT);
    }

    app.get('/api/customers/:id/statements', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Vergangene Monate mit Buchungen, neueste zuerst',
        params: zIdParams,
        response: { 200: z.array(zStatementMonth), ...errors },
      },
      handler: async (request) =>
        (await statementMonths(db, request.params.id, todayVienna())).map((month) => ({
          month,
          month_display: monthDisplay(month),
        })),
    });

    app.get('/api/customers/:id/statements/:month/pdf', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: { tags: ['Monatsübersicht'], description: 'Die Monatsübersicht als PDF', params: zStatementParams },
      handler: async (request, reply) => {
        const { id, month } = request.params;
        await requireMonth(id, month);
        const pdf = await statementPdf(db, id, month, requireSession(request).dataVersion);
        if (!pdf) throw new AppError('CUSTOMER_NOT_FOUND');
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="Monatsuebersicht-${month}.pdf"`)
          .send(pdf);
      },
    });

    app.post('/api/customers/:id/statements/:month/send', {
      config: { access: { permission: 'statements.send', customer: ['params.id'] } },
      schema: {
        tags: ['Monatsübersicht'],
        description: 'Die Monatsübersicht (erneut) an den Kunden senden',
        params: zStatementParams,
        response: { 200: z.object({ mail_id: z.number() }), ...errors },
      },
      handler: async (request) => {
        const { id, month } = request.params;
        await requireMonth(id, month);
        const queued = await resendStatement(db, env, requireSession(request), id, month);
        if (!queued) throw new AppError('CUSTOMER_NOT_FOUND');
        return { mail_id: queued.id };
      },
    });
  };

import {
  zClosedMonth,
  zClosedMonthParams,
  zClosedMonths,
  zCloseMonthsInput,
  zCloseMonthsResult,
  zReopenMonthInput,
} from '@butler/contract/accounting-periods';
import { zErrorResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { closeMonthsWithoutExport, listClosedMonths, reopenMonth } from './accounting-periods.service.js';

const tags = ['Buchhaltung: abgeschlossene Zeiträume'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 409: zErrorResponse };

/** Festschreibung (decision 0821): closed months, closing without an export, reopening. */
export const accountingPeriodsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/accounting/closed-months', {
      config: { access: { permission: 'accounting.read' } },
      schema: {
        tags,
        description: 'Abgeschlossene und wieder geöffnete Monate mit wer/wann/Grund, neueste zuerst.',
        response: { 200: zClosedMonths, ...errors },
      },
      handler: () => listClosedMonths(db),
    });

    app.post('/api/accounting/closed-months', {
      config: { access: { permission: 'accounting.export' } },
      schema: {
        tags,
        description:
          'Schließt Monate ohne Übergabe ab (nur vergangene Monate); bereits abgeschlossene bleiben, wie sie sind.',
        body: zCloseMonthsInput,
        response: { 200: zCloseMonthsResult, ...errors },
      },
      handler: (request) => closeMonthsWithoutExport(db, requireSession(request), request.body.months),
    });

    app.post('/api/accounting/closed-months/:month/reopen', {
      config: { access: { permission: 'accounting.reopen' } },
      schema: {
        tags,
        description:
          'Öffnet einen abgeschlossenen Monat wieder (nur Inhaber, mit Grund); die nächste Übergabe des Monats ist eine Korrektur.',
        params: zClosedMonthParams,
        body: zReopenMonthInput,
        response: { 200: zClosedMonth, ...errors },
      },
      handler: (request) => reopenMonth(db, requireSession(request), request.params.month, request.body.reason),
    });
  };

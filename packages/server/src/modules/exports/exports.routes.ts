import { zErrorResponse } from '@butler/contract/common';
import {
  type ExportFormat,
  zCustomerExportQuery,
  zExportFormatParams,
  zInvoiceExportQuery,
  zPaymentExportQuery,
  zTimeEntryExportQuery,
} from '@butler/contract/exports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { todayVienna } from '../../lib/clock.js';
import { csvStream, type ExportColumn, xlsxStream } from './export-formats.present.js';
import {
  CUSTOMER_COLUMNS,
  customerRows,
  INVOICE_COLUMNS,
  invoiceRows,
  TIME_ENTRY_COLUMNS,
  timeEntryRows,
} from './export-sources.service.js';
import { PAYMENT_COLUMNS, paymentRows } from './payment-export.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const tags = ['Exporte'];

function send<R>(
  reply: FastifyReply,
  format: ExportFormat,
  name: string,
  sheet: string,
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
) {
  const filename = `${name}.${format}`;
  return reply
    .header(
      'content-type',
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(format === 'csv' ? csvStream(columns, rows) : xlsxStream(sheet, columns, rows));
}

/** Staff-only CSV/XLSX exports, streamed page by page (docs/decisions/0422). */
export const exportsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/exports/time-entries.:format', {
      config: { access: { permission: 'exports.read' } },
      schema: {
        tags,
        description: 'Zeiteinträge (alle, je Kunde, je Monat) als CSV (Semikolon, UTF-8 mit BOM) oder XLSX.',
        params: zExportFormatParams,
        querystring: zTimeEntryExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
      handler: async (request, reply) => {
        const q = request.query;
        const name = ['zeiteintraege', q.customer_id ? `kunde-${q.customer_id}` : null, q.month ?? null]
          .filter(Boolean)
          .join('-');
        return send(reply, request.params.format, name, 'Zeiteinträge', TIME_ENTRY_COLUMNS, timeEntryRows(db, q));
      },
    });

    app.get('/api/exports/invoices.:format', {
      config: { access: { permission: 'exports.read' } },
      schema: {
        tags,
        description: 'Rechnungen und Stornorechnungen mit Netto und USt je Steuersatz, gefiltert wie die Liste.',
        params: zExportFormatParams,
        querystring: zInvoiceExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
      handler: async (request, reply) => {
        const today = todayVienna();
        const rows = invoiceRows(db, { ...request.query, page: 1, page_size: 1 }, today);
        return send(reply, request.params.format, `rechnungen-${today}`, 'Rechnungen', INVOICE_COLUMNS, rows);
      },
    });

    app.get('/api/exports/payments.:format', {
      config: { access: { permission: 'exports.read' } },
      schema: {
        tags,
        description:
          'Zahlungen, Verrechnungen, Erstattungen und Stornobuchungen nach Zahlungsdatum (Ist-Besteuerung), Zeitraum wie die Rechnungsliste.',
        params: zExportFormatParams,
        querystring: zPaymentExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
      handler: async (request, reply) => {
        const today = todayVienna();
        const rows = paymentRows(db, request.query, today);
        return send(reply, request.params.format, `zahlungen-${today}`, 'Zahlungen', PAYMENT_COLUMNS, rows);
      },
    });

    app.get('/api/exports/customers.:format', {
      config: { access: { permission: 'exports.read' } },
      schema: {
        tags,
        description: 'Kunden, gefiltert wie die Kundenliste (Suche ab 3 Zeichen).',
        params: zExportFormatParams,
        querystring: zCustomerExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
      handler: async (request, reply) =>
        send(
          reply,
          request.params.format,
          'kunden',
          'Kunden',
          CUSTOMER_COLUMNS,
          customerRows(db, request.query.search),
        ),
    });
  };

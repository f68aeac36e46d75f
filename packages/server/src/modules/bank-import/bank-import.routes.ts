import {
  zAssignableInvoice,
  zAssignableQuery,
  zAssignInput,
  zBankEntry,
  zBankEntryPage,
  zBankEntryQuery,
  zBankFilePage,
  zConfirmInput,
  zIgnoreInput,
  zImportSummary,
} from '@butler/contract/bank-import';
import { zErrorResponse, zIdParams, zOptionalBody } from '@butler/contract/common';
import { zPageQuery } from '@butler/contract/list-query';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import { sendXml } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { createOnePerKey } from '../../lib/one-per-key.js';
import type { BankEntryService } from './bank-entries.service.js';
import { type BankImportService, MAX_BANK_FILE_BYTES } from './bank-import.service.js';

const tags = ['Zahlungseingänge'];

/** One bank-file import per person at a time (decision 0700); a second is refused at once. */
const importing = createOnePerKey<string>();
const ONE_IMPORT_AT_A_TIME =
  'Sie importieren gerade schon eine Bankdatei. Bitte warten Sie, bis dieser Import fertig ist, und laden Sie die nächste Datei danach hoch';
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  413: zErrorResponse,
  415: zErrorResponse,
};

/** The one file of the upload, read whole (at most 20 MB). */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie die Datei als multipart/form-data im Feld "file"');
  }
  const part = await request.file().catch(() => undefined);
  if (!part) throw new AppError('MALFORMED_REQUEST', 'Bitte wählen Sie eine Datei aus (camt.053 oder camt.054)');
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 'Die Datei ist größer als 20 MB');
    throw error;
  });
  return { filename: part.filename, bytes };
}

/**
 * Bank statements in (camt.052/053/054) and "Zahlungseingänge" (decisions 0606–0609). Seeing
 * bookings needs the invoices; importing and booking them is recording payments (payments.record).
 */
export const bankImportRoutes =
  (imports: BankImportService, entries: BankEntryService, appLogLevel: string): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_BANK_FILE_BYTES, files: 1, fields: 0 } });

    app.post('/api/bank-import/files', {
      config: { access: { permission: 'payments.record' } },
      // @fastify/multipart traces the request headers (the bearer token) at 'trace'.
      ...(appLogLevel === 'trace' ? { logLevel: 'debug' } : {}),
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: zImportSummary, ...errors } },
      handler: async (request) => {
        const session = requireSession(request);
        return importing.run(
          `${session.userType}:${session.adminId ?? session.customerId}`,
          async () => {
            const { filename, bytes } = await uploadedFile(request);
            return imports.importFile(session, filename, bytes);
          },
          () => new AppError('CONFLICT', ONE_IMPORT_AT_A_TIME),
        );
      },
    });

    app.get('/api/bank-import/files', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zPageQuery, response: { 200: zBankFilePage, ...errors } },
      handler: async (request) => entries.files(request.query.page, request.query.page_size),
    });

    app.get('/api/bank-import/files/:id', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams, response: { 200: zImportSummary, ...errors } },
      handler: async (request) => imports.summary(request.params.id),
    });

    app.get('/api/bank-import/files/:id/download', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, params: zIdParams, response: errors },
      handler: async (request, reply) => {
        const file = await imports.openFile(request.params.id);
        return sendXml(reply, file.opened, file.fileName);
      },
    });

    app.get('/api/bank-entries', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zBankEntryQuery, response: { 200: zBankEntryPage, ...errors } },
      handler: async (request) => entries.list(request.query),
    });

    app.get('/api/bank-entries/assignable-invoices', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, querystring: zAssignableQuery, response: { 200: z.array(zAssignableInvoice), ...errors } },
      handler: async (request) => entries.assignable(request.query.search),
    });

    app.get('/api/bank-entries/returns-digest', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, response: { 200: z.object({ pending: z.number() }), ...errors } },
      handler: async () => entries.returnsPending(),
    });

    app.post('/api/bank-entries/returns-digest', {
      config: { access: { permission: 'payments.record' } },
      schema: { tags, response: { 200: z.object({ returns: z.number(), mails: z.number() }), ...errors } },
      handler: async (request) => entries.sendReturnsDigest(requireSession(request)),
    });

    app.post('/api/bank-entries/:id/confirm', {
      config: { access: { permission: 'payments.record' } },
      schema: { tags, params: zIdParams, body: zOptionalBody(zConfirmInput), response: { 200: zBankEntry, ...errors } },
      handler: async (request) =>
        entries.confirm(requireSession(request), request.params.id, request.body.accept_credit),
    });

    app.post('/api/bank-entries/:id/assign', {
      config: { access: { permission: 'payments.record' } },
      schema: { tags, params: zIdParams, body: zAssignInput, response: { 200: zBankEntry, ...errors } },
      handler: async (request) =>
        entries.assign(requireSession(request), request.params.id, request.body.invoice_id, request.body.accept_credit),
    });

    app.post('/api/bank-entries/:id/ignore', {
      config: { access: { permission: 'payments.record' } },
      schema: { tags, params: zIdParams, body: zIgnoreInput, response: { 200: zBankEntry, ...errors } },
      handler: async (request) => entries.ignore(requireSession(request), request.params.id, request.body.note),
    });
  };

import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import { zInvoiceSettings, zInvoiceSettingsInput } from '@butler/contract/quickbill-settings';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { requireSession } from '../../../lib/access.js';
import { readBlob } from '../../../lib/blob-store.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { singleUpload } from '../../../lib/single-upload.js';
import { logoProblem } from '../pdf/logo-limits.js';
import { loadSettings, type QuickbillDeps } from '../shared.js';
import { presentSettings, setLogo, updateSettings } from './settings.service.js';

const tags = ['Quickbill'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  413: zErrorResponse,
  415: zErrorResponse,
};
/** A letterhead logo needs no more; larger files only bloat every PDF. */
export const MAX_LOGO_BYTES = 512 * 1024;
const LOGO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** Invoice settings (letterhead, bank, numbering, mail texts) and the logo. */
export const settingsRoutes =
  (deps: QuickbillDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0 } });

    app.get('/api/quickbill/settings', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, response: { 200: zInvoiceSettings, ...errors } },
      handler: async () => presentSettings(await loadSettings(deps.db)),
    });

    app.put('/api/quickbill/settings', {
      config: { access: { permission: 'quickbill.settings.write' } },
      schema: { tags, body: zInvoiceSettingsInput, response: { 200: zInvoiceSettings, ...errors } },
      handler: async (request) => updateSettings(deps.db, requireSession(request), request.body),
    });

    app.post('/api/quickbill/settings/logo', {
      config: { access: { permission: 'quickbill.settings.write' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: zInvoiceSettings, ...errors } },
      handler: async (request) => {
        const upload = await singleUpload(request).catch((error) => {
          if (error instanceof AppError) throw error;
          return { file: undefined, end: async () => {} };
        });
        const part = upload.file;
        if (!part) throw new AppError('MALFORMED_REQUEST', 'Bitte wählen Sie eine Bilddatei (PNG oder JPEG) aus');
        const buffer = await part.toBuffer();
        await upload.end();
        const type = await fileTypeFromBuffer(buffer);
        const extension = type && LOGO_TYPES[type.mime];
        if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Das Logo muss ein PNG- oder JPEG-Bild sein');
        // Its pixels, read from the header: an image bomb never reaches a PDF (decision 0505).
        const problem = logoProblem(buffer);
        if (problem) throw fieldError('file', problem);
        return presentSettings(await setLogo(deps.db, requireSession(request), buffer));
      },
    });

    app.get('/api/quickbill/settings/logo', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags },
      handler: async (_request, reply) => {
        const settings = await loadSettings(deps.db);
        const content = settings.logoBlobId ? await readBlob(deps.db, settings.logoBlobId) : null;
        if (!content) throw new AppError('NOT_FOUND', 'Kein Logo hinterlegt');
        const type = await fileTypeFromBuffer(content);
        return reply.type(type?.mime === 'image/png' ? 'image/png' : 'image/jpeg').send(content);
      },
    });

    app.delete('/api/quickbill/settings/logo', {
      config: { access: { permission: 'quickbill.settings.write' } },
      schema: { tags, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await setLogo(deps.db, requireSession(request), null);
        return { success: true as const, message: 'Logo entfernt' };
      },
    });
  };

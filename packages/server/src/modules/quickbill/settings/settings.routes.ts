import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import { zInvoiceSettings, zInvoiceSettingsInput } from '@butler/contract/quickbill-settings';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../../lib/access.js';
import { AppError } from '../../../lib/errors.js';
import type { ServiceDeps } from '../../../lib/service-deps.js';
import { singleUpload } from '../../../lib/single-upload.js';
import { getSettings, MAX_LOGO_BYTES, readLogo, setLogo, updateSettings, uploadLogo } from './settings.service.js';

const tags = ['Quickbill'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  413: zErrorResponse,
  415: zErrorResponse,
};

/** Invoice settings (letterhead, bank, numbering, mail texts) and the logo. */
export const settingsRoutes =
  (deps: ServiceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0 } });

    app.get('/api/quickbill/settings', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags, response: { 200: zInvoiceSettings, ...errors } },
      handler: async () => getSettings(deps.db),
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
        return uploadLogo(deps.db, requireSession(request), buffer);
      },
    });

    app.get('/api/quickbill/settings/logo', {
      config: { access: { permission: 'invoices.read' } },
      schema: { tags },
      handler: async (_request, reply) => {
        const logo = await readLogo(deps.db);
        return reply.type(logo.type).send(logo.content);
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

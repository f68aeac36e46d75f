import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zWikiFile } from '@butler/contract/wiki';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../lib/access.js';
import { sendStoredFile } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { singleUpload } from '../../lib/single-upload.js';
import type { FileService } from './files.service.js';

const tags = ['Wiki'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const fileRoutes =
  (files: FileService, appLogLevel: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/wiki/entries/:id/files', {
      config: { access: { permission: 'wiki.write', customer: ['row:wiki_entries'] } },
      // @fastify/multipart traces the request headers (the bearer token) at 'trace'.
      ...(appLogLevel === 'trace' ? { logLevel: 'debug' } : {}),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: zIdParams,
        response: { 201: zWikiFile, 413: zErrorResponse, 415: zErrorResponse, ...errors },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Bitte senden Sie die Datei als multipart/form-data im Feld "file"',
          );
        }
        await files.assertUploadAllowed(request.params.id);
        const upload = await singleUpload(request);
        const file = await files.upload(requireSession(request), request.params.id, upload.file, upload.end);
        reply.status(201);
        return file;
      },
    });

    app.get('/api/wiki/files/:id/download', {
      config: { access: { permission: 'wiki.read', customer: ['row:wiki_files'] } },
      schema: { tags, params: zIdParams, response: errors },
      handler: async (request, reply) => sendStoredFile(reply, await files.openForDownload(request.params.id)),
    });

    app.delete('/api/wiki/files/:id', {
      config: { access: { permission: 'wiki.write', customer: ['row:wiki_files'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await files.remove(requireSession(request), request.params.id);
        return { success: true as const, message: 'Datei gelöscht' };
      },
    });
  };

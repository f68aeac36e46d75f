import { zErrorResponse, zId } from '@butler/contract/common';
import { ORDER_LIMITS, zOrderAttachment } from '@butler/contract/orders';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import { safeContentType, sendStoredFile } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { singleUpload } from '../../lib/single-upload.js';
import type { OrderAttachmentService } from './order-attachments.service.js';

const tags = ['Aufträge'];

/** Photos and PDFs show in the browser (a preview in the thread); nothing else is stored. */
function sendInline(reply: FastifyReply, file: Awaited<ReturnType<OrderAttachmentService['open']>>) {
  return sendStoredFile(
    reply,
    {
      contentType: safeContentType(file.row.contentType),
      fileName: file.row.fileName,
      size: file.size,
      stream: file.stream,
    },
    { disposition: 'inline' },
  );
}
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Photos and PDFs of an Auftrag: the customer's own, or staff with the orders permissions (decision 0811). */
export const orderAttachmentRoutes =
  (attachments: OrderAttachmentService, appLogLevel: string): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to these routes: one file per request, no more than an attachment may weigh.
    await app.register(multipart, {
      limits: { fileSize: ORDER_LIMITS.attachmentBytes, files: 1, fields: 2, parts: 3, fieldSize: 1_000 },
    });
    app.post('/api/orders/:id/attachments', {
      config: { access: { permission: 'orders.write', customer: ['row:orders'], self: true } },
      // @fastify/multipart traces the request headers (the bearer token) at 'trace'.
      ...(appLogLevel === 'trace' ? { logLevel: 'debug' } : {}),
      schema: {
        tags,
        description: 'Foto (JPEG/PNG, ohne Metadaten gespeichert) oder PDF im Feld "file"',
        consumes: ['multipart/form-data'],
        params: z.object({ id: zId }),
        querystring: z.object({ message_id: zId.optional() }),
        response: { 201: zOrderAttachment, 409: zErrorResponse, 413: zErrorResponse, 415: zErrorResponse, ...errors },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Bitte senden Sie die Datei als multipart/form-data im Feld "file"',
          );
        }
        const upload = await singleUpload(request);
        const attachment = await attachments.upload(
          requireSession(request),
          request.params.id,
          upload.file,
          upload.end,
          request.query.message_id,
        );
        reply.status(201);
        return attachment;
      },
    });

    app.get('/api/orders/:id/attachments/:attachmentId', {
      config: { access: { permission: 'orders.read', customer: ['row:orders'], self: true } },
      schema: { tags, params: z.object({ id: zId, attachmentId: zId }), response: errors },
      handler: async (request, reply) => {
        const file = await attachments.open(requireSession(request), request.params.id, request.params.attachmentId);
        return sendInline(reply, file);
      },
    });
  };

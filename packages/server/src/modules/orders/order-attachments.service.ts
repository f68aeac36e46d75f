import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CLOSED_ORDER_STATES, ORDER_LIMITS, type OrderAttachment, type OrderState } from '@butler/contract/orders';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { orderAttachments, orderMessages, orders } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { openBlob, putBlob } from '../../lib/blob-store.js';
import { cleanFilename } from '../../lib/downloads.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { stallGuard } from '../../lib/stall-guard.js';
import { notifyOrderEvent } from './order-events.js';
import { cleanPhoto } from './order-photo.js';

export const NO_FILE = 'Bitte wählen Sie ein Foto oder ein PDF aus';
export const EMPTY_FILE = 'Die Datei ist leer';
export const WRONG_TYPE = 'Bitte laden Sie ein Foto (JPEG oder PNG) oder ein PDF hoch';
export const TOO_MANY = `Ein Auftrag kann höchstens ${ORDER_LIMITS.attachmentsPerOrder} Anhänge haben`;
export const UNREADABLE_PHOTO = 'Dieses Foto konnte nicht gelesen werden. Bitte versuchen Sie es mit einem anderen.';
const CLOSED = 'Dieser Auftrag ist abgeschlossen; Anhänge sind nicht mehr möglich';
/** Bytes an upload must deliver in every stall window. */
const STALL_MIN_BYTES = 16 * 1024;

type AttachmentRow = typeof orderAttachments.$inferSelect;

export function presentAttachment(row: AttachmentRow): OrderAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    message_id: row.messageId,
    created_at: row.createdAt.toISOString(),
  };
}

/** A photo keeps the name the customer gave it, with the extension of what it became. */
function storedName(raw: string | undefined, contentType: string) {
  const name = cleanFilename(raw);
  const extension = contentType === 'image/jpeg' ? '.jpg' : contentType === 'image/png' ? '.png' : '.pdf';
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}${extension}`;
}

/**
 * Attachments of an Auftrag (decision 0811): photos straight from a phone's camera and PDFs,
 * at most ORDER_LIMITS.attachmentBytes each and ORDER_LIMITS.attachmentsPerOrder per Auftrag.
 * The upload is read into memory (bounded by the multipart limit), its type taken from its
 * bytes, photos re-encoded without metadata, and the row written with the count checked
 * under the Auftrag's row lock, so a parallel burst cannot pass the limit.
 */
export function createOrderAttachmentService(db: Database, stallSeconds: number) {
  return {
    async upload(
      session: SessionContext,
      orderId: number,
      part: MultipartFile | undefined,
      endOfRequest: () => Promise<void>,
      messageId: number | undefined,
    ): Promise<OrderAttachment> {
      if (part?.fieldname !== 'file') throw fieldError('file', NO_FILE);
      const stall = stallGuard(stallSeconds * 1000, STALL_MIN_BYTES, () => new AppError('UPLOAD_STALLED'));
      const chunks: Buffer[] = [];
      const collect = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      await pipeline(part.file, stall, collect).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
        throw error;
      });
      const bytes = Buffer.concat(chunks);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      if (bytes.length === 0) throw fieldError('file', EMPTY_FILE);
      await endOfRequest();
      const detected = await fileTypeFromBuffer(bytes);
      let content: Buffer = bytes;
      let contentType: string;
      if (detected?.mime === 'image/jpeg' || detected?.mime === 'image/png') {
        const photo = await cleanPhoto(bytes, detected.mime).catch(() => {
          throw fieldError('file', UNREADABLE_PHOTO);
        });
        content = photo.content;
        contentType = photo.contentType;
      } else if (detected?.mime === 'application/pdf') {
        contentType = 'application/pdf';
      } else {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE);
      }

      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, customerId: orders.customerId, state: orders.state })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        if (CLOSED_ORDER_STATES.includes(order.state as OrderState)) throw new AppError('CONFLICT', CLOSED);
        if (messageId !== undefined) {
          const [message] = await tx
            .select({ id: orderMessages.id })
            .from(orderMessages)
            .where(and(eq(orderMessages.id, messageId), eq(orderMessages.orderId, orderId)));
          if (!message) throw fieldError('message_id', 'Diese Nachricht gehört nicht zu diesem Auftrag');
        }
        const [{ value: existing }] = await tx
          .select({ value: count() })
          .from(orderAttachments)
          .where(eq(orderAttachments.orderId, orderId));
        if (existing >= ORDER_LIMITS.attachmentsPerOrder) throw new AppError('CONFLICT', TOO_MANY);
        const blob = await putBlob(tx, content, { kind: 'order-attachment' });
        const [row] = await tx
          .insert(orderAttachments)
          .values({
            orderId,
            messageId: messageId ?? null,
            blobId: blob.id,
            fileName: storedName(part.filename, contentType),
            contentType,
            sizeBytes: blob.sizeBytes,
            uploadedBy: session.displayName,
          })
          .returning();
        await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
        await writeAudit(
          tx,
          session,
          'create',
          'order_attachment',
          row.id,
          null,
          { order_id: orderId, file_name: row.fileName, content_type: contentType, size_bytes: row.sizeBytes },
          { customerId: order.customerId },
        );
        await notifyOrderEvent(tx, { kind: 'order.changed', order_id: orderId, customer_id: order.customerId });
        return presentAttachment(row);
      });
    },

    /**
     * The file of an attachment of this Auftrag. A customer never receives one that belongs
     * to an internal note (it answers as unknown).
     */
    async open(session: SessionContext, orderId: number, attachmentId: number) {
      const [row] = await db
        .select({ attachment: orderAttachments, internal: orderMessages.internal })
        .from(orderAttachments)
        .leftJoin(orderMessages, eq(orderMessages.id, orderAttachments.messageId))
        .where(and(eq(orderAttachments.id, attachmentId), eq(orderAttachments.orderId, orderId)));
      if (!row || (row.internal && session.userType === 'customer')) {
        // An unknown Auftrag answers as one out of reach does (lib/customer-refs.ts).
        const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
        throw new AppError(order ? 'ORDER_ATTACHMENT_NOT_FOUND' : 'ORDER_NOT_FOUND');
      }
      const opened = await openBlob(db, row.attachment.blobId);
      if (!opened) throw new AppError('ORDER_ATTACHMENT_NOT_FOUND');
      return { row: row.attachment, stream: opened.stream, size: opened.sizeBytes };
    },
  };
}

export type OrderAttachmentService = ReturnType<typeof createOrderAttachmentService>;

import { pipeline, Transform } from 'node:stream';
import type { WikiFile } from '@butler/contract/wiki';
import type { MultipartFile } from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { wikiCategories, wikiEntries, wikiFiles } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { openBlob, putBlob } from '../../lib/blob-store.js';
import { cleanFilename, type StoredFile, safeContentType } from '../../lib/downloads.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { createSemaphore } from '../../lib/semaphore.js';
import { stallGuard } from '../../lib/stall-guard.js';
import { type FileRow, presentFile } from './entries.repo.js';

export const FILES_NOT_ALLOWED = 'In dieser Kategorie sind keine Dateien erlaubt';
export const NO_FILE = 'Bitte wählen Sie eine Datei aus';
export const EMPTY_FILE = 'Die Datei ist leer';

/** Uploads that may stream at once per process (each holds a pool connection meanwhile). */
export const UPLOAD_SLOTS = 3;
/** Bytes kept from the start of an upload to detect its type (file-type needs a few KB). */
const SNIFF_BYTES = 256 * 1024;

/** Bytes an upload must deliver in every stall window (UPLOAD_STALL_SECONDS). */
export const STALL_MIN_BYTES = 16 * 1024;

export function createFileService(db: Database, maxUploadBytes: number, stallSeconds = 30) {
  const uploadSlots = createSemaphore(UPLOAD_SLOTS);
  async function findFile(id: number): Promise<FileRow> {
    const [row] = await db.select().from(wikiFiles).where(eq(wikiFiles.id, id)).limit(1);
    if (!row) throw new AppError('WIKI_FILE_NOT_FOUND');
    return row;
  }

  return {
    /** Before reading the upload: the entry exists and its category takes files. */
    async assertUploadAllowed(entryId: number) {
      const [row] = await db
        .select({ allowsFiles: wikiCategories.allowsFiles })
        .from(wikiEntries)
        .innerJoin(wikiCategories, eq(wikiCategories.id, wikiEntries.categoryId))
        .where(eq(wikiEntries.id, entryId))
        .limit(1);
      if (!row) throw new AppError('WIKI_ENTRY_NOT_FOUND');
      if (!row.allowsFiles) throw fieldError('file', FILES_NOT_ALLOWED);
    },

    /**
     * Streams the upload into the blob store and writes its row in the same transaction:
     * a failed, too large, empty or aborted upload leaves nothing. The type comes from the
     * first bytes. At most UPLOAD_SLOTS uploads hold a connection at once (decision 0341).
     */
    async upload(
      session: SessionContext,
      entryId: number,
      part: MultipartFile | undefined,
      /** Reads the rest of the request once the file is in; refuses a second file (lib/single-upload.ts). */
      endOfRequest: () => Promise<void> = async () => {},
    ): Promise<WikiFile> {
      if (part?.fieldname !== 'file') throw fieldError('file', NO_FILE);
      return uploadSlots.run(() =>
        db.transaction(async (tx) => {
          const head: Buffer[] = [];
          let headBytes = 0;
          const sniffer = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              if (headBytes < SNIFF_BYTES) {
                head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
                headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
              }
              done(null, chunk);
            },
          });
          // Errors of the client's stream (aborted upload) fail the put, which rolls back; so does
          // an upload that stalls (decision 0505), freeing its slot and connection.
          const stall = stallGuard(stallSeconds * 1000, STALL_MIN_BYTES, () => new AppError('UPLOAD_STALLED'));
          pipeline(part.file, stall, sniffer, () => {});
          const blob = await putBlob(tx, sniffer, { kind: 'wiki-file', maxBytes: maxUploadBytes });
          // Multipart stops at the limit and marks the part truncated.
          if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
          if (blob.sizeBytes === 0) throw fieldError('file', EMPTY_FILE);
          await endOfRequest();
          const detected = await fileTypeFromBuffer(Buffer.concat(head));
          const [entry] = await tx.select().from(wikiEntries).where(eq(wikiEntries.id, entryId)).for('update');
          if (!entry) throw new AppError('WIKI_ENTRY_NOT_FOUND');
          const [row] = await tx
            .insert(wikiFiles)
            .values({
              entryId,
              originalFilename: cleanFilename(part.filename),
              blobId: blob.id,
              mimeType: detected?.mime ?? 'application/octet-stream',
              sizeBytes: blob.sizeBytes,
              sha256: blob.sha256,
              createdBy: session.displayName,
            })
            .returning();
          // A new file is wiki activity (recent customers, sort order).
          await tx
            .update(wikiEntries)
            .set({ updatedAt: sql`now()`, updatedBy: session.displayName })
            .where(eq(wikiEntries.id, entryId));
          await writeAudit(tx, session, 'create', 'wiki_file', row.id, null, row);
          return presentFile(row);
        }),
      );
    },

    /** For admins (any file) or, with `row` given, for a file already checked by the caller. */
    async openForDownload(idOrRow: number | FileRow): Promise<StoredFile> {
      const row = typeof idOrRow === 'number' ? await findFile(idOrRow) : idOrRow;
      const opened = row.blobId ? await openBlob(db, row.blobId) : null;
      if (!opened) throw new AppError('WIKI_FILE_NOT_FOUND');
      return {
        contentType: safeContentType(row.mimeType),
        fileName: row.originalFilename,
        size: opened.sizeBytes,
        stream: opened.stream,
      };
    },

    /** Deletes the row; its bytes go in the same transaction (delete_owned_blob trigger). */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiFiles).where(eq(wikiFiles.id, id)).for('update');
        if (!before) throw new AppError('WIKI_FILE_NOT_FOUND');
        await tx.delete(wikiFiles).where(eq(wikiFiles.id, id));
        await writeAudit(tx, session, 'delete', 'wiki_file', id, before, null);
      });
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;

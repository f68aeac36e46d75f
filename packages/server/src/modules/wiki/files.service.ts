import type { WikiFile } from '@butler/contract/wiki';
import type { MultipartFile } from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { wikiCategories, wikiEntries, wikiFiles } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { type FileRow, presentFile } from './entries.repo.js';
import { cleanFilename, type FileStore } from './file-store.js';

export const FILES_NOT_ALLOWED = 'In dieser Kategorie sind keine Dateien erlaubt';
export const NO_FILE = 'Bitte wählen Sie eine Datei aus';
export const EMPTY_FILE = 'Die Datei ist leer';

export function createFileService(db: Database, store: FileStore) {
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

    async upload(session: SessionContext, entryId: number, part: MultipartFile | undefined): Promise<WikiFile> {
      if (part?.fieldname !== 'file') throw fieldError('file', NO_FILE);
      const saved = await store.save(part.file, () => part.file.truncated);
      if (saved === 'too-large') throw new AppError('PAYLOAD_TOO_LARGE');
      if (saved.sizeBytes === 0) {
        await store.remove([saved.storedName]);
        throw fieldError('file', EMPTY_FILE);
      }
      try {
        return await db.transaction(async (tx) => {
          const [entry] = await tx.select().from(wikiEntries).where(eq(wikiEntries.id, entryId)).for('update');
          if (!entry) throw new AppError('WIKI_ENTRY_NOT_FOUND');
          const [row] = await tx
            .insert(wikiFiles)
            .values({
              entryId,
              originalFilename: cleanFilename(part.filename),
              storedName: saved.storedName,
              mimeType: saved.mimeType,
              sizeBytes: saved.sizeBytes,
              sha256: saved.sha256,
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
        });
      } catch (error) {
        await store.remove([saved.storedName]);
        throw error;
      }
    },

    /** For admins (any file) or, with `row` given, for a file already checked by the caller. */
    async openForDownload(idOrRow: number | FileRow) {
      const row = typeof idOrRow === 'number' ? await findFile(idOrRow) : idOrRow;
      const opened = row.storedName ? await store.open(row.storedName) : null;
      if (!opened) throw new AppError('WIKI_FILE_NOT_FOUND');
      return { row, ...opened };
    },

    async remove(session: SessionContext, id: number) {
      const storedName = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiFiles).where(eq(wikiFiles.id, id)).for('update');
        if (!before) throw new AppError('WIKI_FILE_NOT_FOUND');
        await tx.delete(wikiFiles).where(eq(wikiFiles.id, id));
        await writeAudit(tx, session, 'delete', 'wiki_file', id, before, null);
        return before.storedName;
      });
      if (storedName) await store.remove([storedName]);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;

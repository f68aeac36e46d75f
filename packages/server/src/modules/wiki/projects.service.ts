import {
  WIKI_CONTENT_PREVIEW_LENGTH,
  WIKI_PROJECT_CATEGORY_NAME,
  type WikiFeaturedProject,
  type WikiProject,
} from '@butler/contract/wiki';
import { and, desc, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { projects, wikiCategories, wikiEntries, wikiFiles } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import {
  type EntryRow,
  type FileRow,
  filesOf,
  findEntry,
  flatten,
  presentEntry,
  presentFile,
  selectEntries,
} from './entries.repo.js';
import { htmlToText, preview } from './sanitize.js';

export const PASSWORD_NOT_PUBLIC = 'Passwort-Einträge können nicht als Projekt freigegeben werden';
export const PASSWORD_NO_PROJECT = 'Passwort-Einträge können nicht mit einem Projekt verknüpft werden';
/** Featured projects sent to customers at most (the dashboard shows 3 of them at random). */
const FEATURED_LIMIT = 100;

/**
 * create_project / sync_to_project (SPEC §4, docs/decisions/0144-wiki-projects.md): the
 * entry's title becomes the project name, its text the description. A linked project
 * is updated; an unlinked entry gets a new project of its customer.
 */
export async function linkProject(tx: Transaction, session: SessionContext, entry: EntryRow) {
  if (entry.isPasswordEntry) throw fieldError('sync_to_project', PASSWORD_NO_PROJECT);
  const description = htmlToText(entry.content ?? '').slice(0, 5000) || null;
  if (entry.projectId !== null) {
    const [before] = await tx.select().from(projects).where(eq(projects.id, entry.projectId)).for('update');
    if (before) {
      const [after] = await tx
        .update(projects)
        .set({ name: entry.title, description })
        .where(eq(projects.id, before.id))
        .returning();
      await writeAudit(tx, session, 'update', 'project', before.id, before, after);
      return before.id;
    }
  }
  const [project] = await tx
    .insert(projects)
    .values({ customerId: entry.customerId, name: entry.title, description })
    .returning();
  await writeAudit(tx, session, 'create', 'project', project.id, null, project);
  await tx.update(wikiEntries).set({ projectId: project.id }).where(eq(wikiEntries.id, entry.id));
  return project.id;
}

/** Project entries: linked to a project, public, or in the 'Projekte' category; never password entries. */
const isProjectEntry = and(
  not(wikiEntries.isPasswordEntry),
  or(
    isNotNull(wikiEntries.projectId),
    wikiEntries.isFeatured,
    sql`lower(${wikiCategories.name}) = lower(${WIKI_PROJECT_CATEGORY_NAME})`,
  ),
);

export function createProjectService(db: Database) {
  return {
    async list(limit: number, offset: number, scope: CustomerScope): Promise<WikiProject[]> {
      const rows = flatten(
        await selectEntries(db)
          .where(and(isProjectEntry, scopeWhere(scope, wikiEntries.customerId)))
          .orderBy(desc(wikiEntries.updatedAt), desc(wikiEntries.id))
          .limit(limit)
          .offset(offset),
      );
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...presentEntry(row, files.get(row.id) ?? []),
        content_preview: preview(row.content ?? '', WIKI_CONTENT_PREVIEW_LENGTH),
      }));
    },

    async setFeatured(session: SessionContext, id: number, isFeatured: boolean): Promise<WikiProject> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(wikiEntries).where(eq(wikiEntries.id, id)).for('update');
        if (!before) throw new AppError('WIKI_ENTRY_NOT_FOUND');
        if (isFeatured && before.isPasswordEntry) throw fieldError('is_featured', PASSWORD_NOT_PUBLIC);
        const [after] = await tx
          .update(wikiEntries)
          .set({ isFeatured, updatedBy: session.displayName, updatedAt: sql`now()` })
          .where(eq(wikiEntries.id, id))
          .returning();
        await writeAudit(
          tx,
          session,
          'update',
          'wiki_entry',
          id,
          { isFeatured: before.isFeatured },
          {
            isFeatured: after.isFeatured,
          },
        );
      });
      const row = (await findEntry(db, id))!;
      const files = await filesOf(db, [id]);
      return {
        ...presentEntry(row, files.get(id) ?? []),
        content_preview: preview(row.content ?? '', WIKI_CONTENT_PREVIEW_LENGTH),
      };
    },

    /** Public references for every logged-in user: no customer names, no secrets. */
    async listFeatured(): Promise<WikiFeaturedProject[]> {
      const rows = await db
        .select({
          id: wikiEntries.id,
          title: wikiEntries.title,
          content: wikiEntries.content,
          externalLink: wikiEntries.externalLink,
        })
        .from(wikiEntries)
        .where(and(wikiEntries.isFeatured, not(wikiEntries.isPasswordEntry)))
        .orderBy(desc(wikiEntries.updatedAt), desc(wikiEntries.id))
        .limit(FEATURED_LIMIT);
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content ?? '',
        external_link: row.externalLink,
        files: (files.get(row.id) ?? []).map((file) => presentFile(file, true)),
      }));
    },

    /** A file customers may download: only one of a featured, non-secret entry. */
    async featuredFile(fileId: number): Promise<FileRow> {
      const [row] = await db
        .select({ file: wikiFiles })
        .from(wikiFiles)
        .innerJoin(wikiEntries, eq(wikiEntries.id, wikiFiles.entryId))
        .where(and(eq(wikiFiles.id, fileId), wikiEntries.isFeatured, not(wikiEntries.isPasswordEntry)))
        .limit(1);
      if (!row) throw new AppError('WIKI_FILE_NOT_FOUND');
      return row.file;
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;

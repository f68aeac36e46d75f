import { formatFileSize, type WikiEntry, type WikiFile } from '@butler/contract/wiki';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { customers, wikiCategories, wikiEntries, wikiFiles } from '../../db/schema/index.js';

export type EntryRow = typeof wikiEntries.$inferSelect & {
  customerName: string;
  categoryName: string;
  categoryIcon: string;
};
export type FileRow = typeof wikiFiles.$inferSelect;

/** Entries with the names the answers show; callers add where/order/limit. */
export function selectEntries(db: Executor) {
  return db
    .select({
      entry: wikiEntries,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      categoryName: wikiCategories.name,
      categoryIcon: wikiCategories.icon,
    })
    .from(wikiEntries)
    .innerJoin(customers, eq(customers.id, wikiEntries.customerId))
    .innerJoin(wikiCategories, eq(wikiCategories.id, wikiEntries.categoryId))
    .$dynamic();
}

type JoinedRow = {
  entry: typeof wikiEntries.$inferSelect;
  customerName: string;
  categoryName: string;
  categoryIcon: string;
};

export function flatten(rows: JoinedRow[]): EntryRow[] {
  return rows.map(({ entry, ...names }) => ({ ...entry, ...names }));
}

export async function findEntry(db: Executor, id: number): Promise<EntryRow | null> {
  const rows = flatten(await selectEntries(db).where(eq(wikiEntries.id, id)).limit(1));
  return rows[0] ?? null;
}

/** Files of many entries in one query, by entry id. */
export async function filesOf(db: Executor, entryIds: number[]): Promise<Map<number, FileRow[]>> {
  const byEntry = new Map<number, FileRow[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .select()
    .from(wikiFiles)
    .where(inArray(wikiFiles.entryId, entryIds))
    .orderBy(asc(wikiFiles.createdAt), asc(wikiFiles.id));
  for (const row of rows) byEntry.set(row.entryId, [...(byEntry.get(row.entryId) ?? []), row]);
  return byEntry;
}

const ICONS: Array<[RegExp, string]> = [
  [/^image\//, '🖼️'],
  [/^application\/pdf$/, '📕'],
  [/^video\//, '🎬'],
  [/^audio\//, '🎵'],
  [/(zip|x-7z|x-rar|gzip|x-tar|x-bzip2|x-xz)/, '🗜️'],
  [/(spreadsheet|ms-excel|csv)/, '📊'],
  [/(presentation|ms-powerpoint)/, '📽️'],
  [/(wordprocessing|msword|opendocument\.text|rtf)/, '📝'],
];
const EXTENSION_ICONS: Record<string, string> = { txt: '📄', md: '📄', csv: '📊', doc: '📝', xls: '📊', ppt: '📽️' };

/** An emoji for the list, from the detected type and, failing that, the extension. */
export function fileIcon(mimeType: string, filename: string): string {
  for (const [pattern, icon] of ICONS) if (pattern.test(mimeType)) return icon;
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_ICONS[extension] ?? '📎';
}

/** `featured`: the link customers may use (files of featured projects only). */
export function presentFile(row: FileRow, featured = false): WikiFile {
  return {
    id: row.id,
    original_filename: row.originalFilename,
    file_size_formatted: formatFileSize(row.sizeBytes),
    file_icon: fileIcon(row.mimeType, row.originalFilename),
    download_url: featured
      ? `/api/wiki/projects/featured/files/${row.id}/download`
      : `/api/wiki/files/${row.id}/download`,
    size_bytes: row.sizeBytes,
    mime_type: row.mimeType,
    created_at: row.createdAt.toISOString(),
  };
}

/** The answer shape of SPEC §3; secrets only when passed in (decrypted on request). */
export function presentEntry(
  row: EntryRow,
  files: FileRow[],
  secrets: { content: string | null; username: string | null } | null = null,
): WikiEntry {
  return {
    id: row.id,
    customer_id: row.customerId,
    category_id: row.categoryId,
    title: row.title,
    content: row.isPasswordEntry ? (secrets?.content ?? null) : row.content,
    username: row.isPasswordEntry ? (secrets?.username ?? null) : row.username,
    is_password_entry: row.isPasswordEntry,
    external_link: row.externalLink,
    is_featured: row.isFeatured,
    project_reference_id: row.projectId,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    customer_name: row.customerName,
    category_name: row.categoryName,
    category_icon: row.categoryIcon,
    files: files.map((file) => presentFile(file)),
  };
}

/** Presents many entries with their files (one extra query). */
export async function presentEntries(db: Executor, rows: EntryRow[]): Promise<WikiEntry[]> {
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentEntry(row, files.get(row.id) ?? []));
}

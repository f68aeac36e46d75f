import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Executor } from '../../db/executor.js';
import { accountingExports } from '../../db/schema/index.js';
import { BlobDamagedError, openBlob } from '../../lib/blob-store.js';
import type { ManifestEntry } from './handover-documents.js';

/** One difference `npm run archive:verify` reports, in German for the operator. */
export type ArchiveDifference = { exportId: number; path: string | null; problem: string };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function streamedBytes(db: Executor, blobId: number): Promise<Buffer | 'damaged' | null> {
  const opened = await openBlob(db, blobId);
  if (!opened) return null;
  try {
    return Buffer.concat(await opened.stream.toArray());
  } catch (error) {
    if (error instanceof BlobDamagedError) return 'damaged';
    throw error;
  }
}

/**
 * Recomputes what every kept handover promises (decision 0820): the ZIP's bytes against the
 * hash stored at export, every file in it against its manifest line, and every stored
 * document it copied (invoice PDFs and XMLs, reminder letters) against the hash the manifest
 * recorded — so a changed or lost document shows even when nobody opens the ZIP.
 */
export async function verifyArchive(
  db: Executor,
): Promise<{ exports: number; documents: number; differences: ArchiveDifference[] }> {
  const rows = await db.select().from(accountingExports).orderBy(asc(accountingExports.id));
  const differences: ArchiveDifference[] = [];
  let documents = 0;
  for (const row of rows) {
    const zipBytes = await streamedBytes(db, row.blobId);
    if (zipBytes === null) {
      differences.push({ exportId: row.id, path: null, problem: 'ZIP-Datei fehlt' });
      continue;
    }
    if (zipBytes === 'damaged' || sha256(zipBytes) !== row.sha256) {
      differences.push({ exportId: row.id, path: null, problem: 'ZIP-Datei verändert (SHA-256 weicht ab)' });
      continue;
    }
    const zip = await JSZip.loadAsync(zipBytes);
    const manifest = JSON.parse(row.manifest) as ManifestEntry[];
    for (const entry of manifest) {
      const file = zip.file(entry.path);
      const inZip = file ? await file.async('nodebuffer') : null;
      if (!inZip) differences.push({ exportId: row.id, path: entry.path, problem: 'fehlt in der ZIP-Datei' });
      else if (sha256(inZip) !== entry.sha256)
        differences.push({ exportId: row.id, path: entry.path, problem: 'in der ZIP-Datei verändert' });
      if (entry.blob_id === null) continue;
      documents++;
      const bytes = await streamedBytes(db, entry.blob_id);
      if (bytes === null)
        differences.push({ exportId: row.id, path: entry.path, problem: 'gespeicherter Beleg fehlt' });
      else if (bytes === 'damaged' || sha256(bytes) !== entry.sha256)
        differences.push({ exportId: row.id, path: entry.path, problem: 'gespeicherter Beleg verändert' });
    }
  }
  return { exports: rows.length, documents, differences };
}

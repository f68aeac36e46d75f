import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createDatabase, type Database } from '../client.js';
import { migrateDatabase, migrationsFolder } from '../migrate.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  DERIVED_TABLES,
  quoteIdent,
  readJournal,
  setPortableSession,
} from './backup-format.js';
import { assertTargetEmpty, RestoreRefusedError } from './restore-checks.js';
import { TableWriter } from './table-writer.js';

export { RestoreRefusedError } from './restore-checks.js';

/**
 * Restores a backup into an empty database (and an empty `uploadsDir`): migrates it
 * to the backup's schema version, inserts every row in one transaction, sets the
 * sequences, then moves the files into place and applies any newer migrations.
 * Nothing is changed when the file is incomplete or damaged.
 */
export async function restoreBackup(config: pg.PoolConfig, file: string, uploadsDir: string): Promise<BackupSummary> {
  const lines = readLines(file);
  const header = (await lines.next()).value as BackupHeader | undefined;
  if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION)
    throw new RestoreRefusedError(`${file} ist keine Sicherung des Butler-Portals (oder eine unbekannte Version).`);
  const journal = readJournal();
  const index = journal.findIndex((e) => e.tag === header.migration.tag && e.when === header.migration.created_at);
  if (index < 0)
    throw new RestoreRefusedError(
      `Die Sicherung stammt von einer neueren Portal-Version (Schema ${header.migration.tag}); bitte zuerst das Portal aktualisieren.`,
    );
  const existing = await fs.readdir(uploadsDir).catch(() => []);
  if (existing.length > 0)
    throw new RestoreRefusedError(
      `${uploadsDir} enthält bereits Dateien; wiederherstellen nur in ein leeres Datenverzeichnis.`,
    );

  const db = createDatabase({ ...config, max: 2 }, () => {});
  const staging = `${uploadsDir}.restore-${process.pid}`;
  let client: pg.PoolClient | undefined;
  try {
    await assertTargetEmpty(db.$client, header.migration.created_at);
    await migrateUpTo(db, journal.slice(0, index + 1));
    client = await db.$client.connect();
    await client.query('BEGIN');
    await setPortableSession(client);
    // Hour summaries (decision 0560) are rebuilt once after all rows are in, not per batch.
    await client.query(`SELECT set_config('butler.defer_hour_summaries', 'on', true)`);
    // Rows booked before their month was closed come back in foreign-key order (decision 0821).
    await client.query(`SELECT set_config('butler.restoring', 'on', true)`);
    const summary = await insertAll(client, lines, staging, file);
    await rebuildHourSummaries(client);
    await verifyBlobs(client, summary);
    await client.query('COMMIT');
    await fs.rm(uploadsDir, { recursive: true, force: true });
    await fs.rename(staging, uploadsDir).catch(async (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
    // Newer migrations of this portal version, and the singleton settings rows.
    await migrateDatabase(db);
    return summary;
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => {});
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    client?.release();
    await db.$client.end();
    await lines.return(undefined);
  }
}

/** Rebuilds the hour summaries of every customer, when the restored schema has them (migration 0015 on). */
async function rebuildHourSummaries(client: pg.PoolClient) {
  const found = await client.query(`SELECT to_regproc('refresh_hour_summaries') IS NOT NULL AS present`);
  if (!found.rows[0].present) return;
  await client.query(`SELECT set_config('butler.defer_hour_summaries', 'off', true)`);
  await client.query('SELECT refresh_hour_summaries(ARRAY(SELECT id FROM customers ORDER BY id))');
}

async function insertAll(
  client: pg.PoolClient,
  lines: AsyncGenerator<unknown>,
  staging: string,
  file: string,
): Promise<BackupSummary> {
  const summary: BackupSummary = { file, tables: {}, files: 0, bytes: 0, blobs: 0, blobBytes: 0 };
  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ALL($1::text[])`,
    [DERIVED_TABLES],
  );
  // The target holds at most the seeded singleton rows (checked above): start from nothing.
  if (tables.rows.length)
    await client.query(
      `TRUNCATE ${tables.rows.map((t) => `public.${quoteIdent(t.name)}`).join(', ')} RESTART IDENTITY CASCADE`,
    );
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  let table: TableWriter | undefined;
  let upload: { path: string; handle: fs.FileHandle; hash: ReturnType<typeof createHash>; size: number } | undefined;
  for await (const line of lines) {
    if (Array.isArray(line)) {
      if (!table) throw damaged(file);
      await table.add(line);
    } else if (typeof line === 'string') {
      if (!upload) throw damaged(file);
      const chunk = Buffer.from(line, 'base64');
      upload.hash.update(chunk);
      upload.size += chunk.length;
      await upload.handle.write(chunk);
    } else {
      const record = line as Record<string, any>;
      if ('table' in record) table = new TableWriter(client, record as any);
      else if ('table_end' in record) {
        const inserted = await table!.finish();
        if (inserted !== record.rows || record.table_end !== table!.name) throw damaged(file);
        summary.tables[record.table_end] = inserted;
        table = undefined;
      } else if ('sequence' in record) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          `public.${quoteIdent(record.sequence)}`,
          record.last_value,
          record.is_called,
        ]);
      } else if ('file' in record) {
        const target = path.join(staging, record.file);
        if (!target.startsWith(`${staging}${path.sep}`)) throw damaged(file);
        await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        upload = { path: target, handle: await fs.open(target, 'w', 0o600), hash: createHash('sha256'), size: 0 };
      } else if ('file_end' in record) {
        await upload!.handle.sync();
        await upload!.handle.close();
        if (upload!.hash.digest('hex') !== record.sha256) throw damaged(file);
        summary.files++;
        summary.bytes += upload!.size;
        upload = undefined;
      } else if ('end' in record) {
        if (JSON.stringify(record.tables) !== JSON.stringify(summary.tables) || record.files !== summary.files)
          throw damaged(file);
        return summary;
      }
    }
  }
  throw damaged(file);
}

/**
 * Before the commit: every restored blob's chunks add up to its recorded size and sha256
 * (one blob at a time, so memory stays at one file). A mismatch refuses the whole restore.
 */
async function verifyBlobs(client: pg.PoolClient, summary: BackupSummary) {
  const exists = await client.query(`SELECT to_regclass('public.blobs') IS NOT NULL AS ok`);
  if (!exists.rows[0].ok) return;
  const ids = await client.query<{ id: string }>('SELECT id::text FROM blobs ORDER BY id');
  for (const { id } of ids.rows) {
    const check = await client.query<{ ok: boolean; size: string }>(
      `SELECT b.size_bytes = coalesce(c.size, 0) AND b.sha256 = encode(sha256(coalesce(c.bytes, ''::bytea)), 'hex') AS ok,
              b.size_bytes::text AS size
       FROM blobs b
       LEFT JOIN LATERAL (SELECT sum(length(data)) AS size, string_agg(data, ''::bytea ORDER BY seq) AS bytes
                          FROM blob_chunks WHERE blob_id = b.id) c ON true
       WHERE b.id = $1`,
      [id],
    );
    if (!check.rows[0]?.ok) throw damaged(summary.file);
    summary.blobs++;
    summary.blobBytes += Number(check.rows[0].size);
  }
}

const damaged = (file: string) =>
  new RestoreRefusedError(`${file} ist unvollständig oder beschädigt; es wurde nichts wiederhergestellt.`);

/** The committed migrations up to the backup's one, through a copy of drizzle's folder with a shortened journal. */
async function migrateUpTo(db: Database, entries: ReturnType<typeof readJournal>) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'butler-migrations-'));
  try {
    await fs.mkdir(path.join(folder, 'meta'));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    journal.entries = entries;
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of entries)
      await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of reader) if (line) yield JSON.parse(line);
  } catch (error) {
    // A cut-off gzip stream or a half line: report the file as damaged, not the zlib detail.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (error instanceof SyntaxError || code.startsWith('Z_')) throw damaged(file);
    throw error;
  } finally {
    reader.close();
    input.destroy();
  }
}

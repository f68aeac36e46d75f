import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { syncDir } from '../embedded-owner.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  listTables,
  quoteIdent,
  RUNTIME_TABLES,
  readJournal,
  setPortableSession,
} from './backup-format.js';

const FETCH_ROWS = 2000;
/** Rows with bytea (blob chunks of 256 KiB, twice that as hex text) come a few at a time. */
const FETCH_BYTEA_ROWS = 8;
const FILE_CHUNK = 768 * 1024;

/**
 * Writes a consistent logical backup of the database behind `config` (one
 * REPEATABLE READ READ ONLY transaction: every table from the same snapshot, the blob
 * store's bytes included) plus any legacy files still below `uploadsDir`, atomically: a temp file that is fsynced and renamed.
 */
export async function writeBackup(config: pg.PoolConfig, file: string, uploadsDir: string): Promise<BackupSummary> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.tmp-${process.pid}`;
  const gzip = createGzip();
  const output = createWriteStream(temp, { mode: 0o600 });
  gzip.pipe(output);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  const client = new pg.Client(config);
  const summary: BackupSummary = {
    file,
    tables: {},
    files: 0,
    bytes: 0,
    blobs: 0,
    blobBytes: 0,
    leftOut: Object.keys(RUNTIME_TABLES),
  };
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await setPortableSession(client);
    await write(await header(client));
    // Every durable byte is a blob row plus its chunks, dumped like any table below (0343).
    const blobs = await client.query<{ n: string; bytes: string }>(
      `SELECT count(*)::text AS n, coalesce(sum(size_bytes), 0)::text AS bytes FROM blobs`,
    );
    summary.blobs = Number(blobs.rows[0]!.n);
    summary.blobBytes = Number(blobs.rows[0]!.bytes);
    const withBytes = await tablesWithBytea(client);
    for (const table of await listTables(client)) {
      const fetchRows = withBytes.has(table.table) ? FETCH_BYTEA_ROWS : FETCH_ROWS;
      await write(table);
      const select = table.columns.map((c) => `${quoteIdent(c)}::text`).join(', ');
      await client.query(`DECLARE dump NO SCROLL CURSOR FOR SELECT ${select} FROM public.${quoteIdent(table.table)}`);
      let rows = 0;
      for (;;) {
        const batch = await client.query({ text: `FETCH ${fetchRows} FROM dump`, rowMode: 'array' });
        for (const row of batch.rows) await write(row);
        rows += batch.rows.length;
        if (batch.rows.length < fetchRows) break;
      }
      await client.query('CLOSE dump');
      await write({ table_end: table.table, rows });
      summary.tables[table.table] = rows;
    }
    const sequences = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
    );
    for (const { name } of sequences.rows) {
      const value = await client.query(`SELECT last_value::text, is_called FROM public.${quoteIdent(name)}`);
      await write({ sequence: name, ...value.rows[0] });
    }
    await client.query('COMMIT');
    // Files are copied after the snapshot: a file uploaded meanwhile is extra, never missing a row.
    for (const relative of await listFiles(uploadsDir)) {
      const hash = createHash('sha256');
      const source = path.join(uploadsDir, relative);
      const stat = await fs.stat(source).catch(() => null);
      if (!stat) continue; // deleted since it was listed
      const { size } = stat;
      await write({ file: relative, size });
      for await (const chunk of createReadStream(source, { highWaterMark: FILE_CHUNK })) {
        hash.update(chunk as Buffer);
        await write((chunk as Buffer).toString('base64'));
      }
      await write({ file_end: relative, sha256: hash.digest('hex') });
      summary.files++;
      summary.bytes += size;
    }
    await write({ end: true, tables: summary.tables, files: summary.files });
    gzip.end();
    await finished(output);
    const handle = await fs.open(temp, 'r+');
    await handle.sync();
    await handle.close();
    await fs.rename(temp, file);
    await syncDir(path.dirname(file));
    return summary;
  } catch (error) {
    gzip.destroy();
    output.destroy();
    await fs.rm(temp, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Tables with a bytea column, whose rows may be large. */
async function tablesWithBytea(client: pg.Client): Promise<Set<string>> {
  const result = await client.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'bytea'::regtype`,
  );
  return new Set(result.rows.map((r) => r.name));
}

async function header(client: pg.Client): Promise<BackupHeader> {
  const version = await client.query<{ server_version: string }>('SHOW server_version');
  const applied = await client
    .query<{ created_at: string }>(
      'SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    )
    .catch(() => ({ rows: [] as { created_at: string }[] }));
  const createdAt = Number(applied.rows[0]?.created_at);
  const entry = readJournal().find((e) => e.when === createdAt);
  if (!entry)
    throw new Error(
      'Die Datenbank ist nicht (oder von einer unbekannten Portal-Version) migriert; keine Sicherung möglich.',
    );
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    server_version: version.rows[0]!.server_version,
    migration: { tag: entry.tag, created_at: entry.when },
  };
}

/** Every regular file below `dir` (relative paths, sorted); none when it does not exist. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => null);
  if (!entries) return [];
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder } from '../migrate.js';

/**
 * The backup file: gzip'd JSON lines, written by one REPEATABLE READ transaction.
 *
 *   {"format":"butler-portal-backup","version":1,"created_at":…,"server_version":…,"migration":{tag,created_at}}
 *   {"table":"customers","columns":[…],"self_references":[{"columns":["referred_by_id"],"references":["id"]}]}
 *   ["1","Maria",null,…]            one line per row, every value as PostgreSQL text (or null)
 *   {"table_end":"customers","rows":40}
 *   {"sequence":"customers_id_seq","last_value":"40","is_called":true}
 *   {"file":"ab/cd.pdf","size":1234} then base64 chunk lines, then {"file_end":"ab/cd.pdf","sha256":"…"}
 *   {"end":true,"tables":{"customers":40,…},"files":3}
 *
 * Tables come in foreign-key order (referenced tables first). Values travel as
 * PostgreSQL's own text form under fixed session settings, which every version
 * since 9.x reads back the same way: that is what makes the file portable between
 * the embedded PostgreSQL 18 and an external PostgreSQL 15.
 */
export const BACKUP_FORMAT = 'butler-portal-backup';
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  server_version: string;
  migration: { tag: string; created_at: number };
};

export type TableHeader = {
  table: string;
  columns: string[];
  self_references: { columns: string[]; references: string[] }[];
};

export type BackupSummary = {
  file: string;
  tables: Record<string, number>;
  /** Legacy files (DATA_DIR/uploads not yet moved into PostgreSQL) and their bytes. */
  files: number;
  bytes: number;
  /** Blobs (wiki files, issued documents, letters, logo) in the database and their bytes. */
  blobs: number;
  blobBytes: number;
  /** Tables left out on purpose (RUNTIME_TABLES): only a running portal needs them. */
  leftOut?: string[];
};

/** Fixed text formats for dump and restore, independent of server and client defaults. */
export async function setPortableSession(client: pg.ClientBase): Promise<void> {
  await client.query(
    `SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET bytea_output = 'hex'; SET extra_float_digits = 3`,
  );
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type JournalEntry = { idx: number; when: number; tag: string };

/** The committed migrations, oldest first (drizzle's journal). */
export function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return journal.entries as JournalEntry[];
}

/** `DATA_DIR/backups/butler-YYYY-MM-DD-HHMMSS.backup` in local time. */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return path.join(dataDir, 'backups', `butler-${stamp}.backup`);
}

/**
 * Tables that hold derived state, not data: never backed up, never truncated on restore
 * (`data_version` only invalidates cached dashboard figures; the restore's own writes bump it;
 * `invoice_totals` is kept by triggers on invoices: the restore's TRUNCATE empties it, its inserts fill it;
 * the hour summaries and answer versions are kept by triggers on the ledger, decision 0560: the
 * restore rebuilds the summaries once at its end).
 */
export const DERIVED_TABLES = [
  'data_version',
  'invoice_totals',
  'customer_data_versions',
  'hour_month_summaries',
  'hour_year_summaries',
  'hour_package_totals',
  'hour_package_spans',
];

/**
 * Tables that only matter to a running portal and would be secrets or personal data in a
 * file that leaves the machine (decision 0504): never backed up, emptied on restore.
 * After a restore everyone signs in again, open invitation and reset links are sent anew,
 * and staff with two-factor sign-in use their app and create new recovery codes.
 */
export const RUNTIME_TABLES: Record<string, string> = {
  sessions: 'Anmeldungen',
  login_attempts: 'fehlgeschlagene Anmeldeversuche',
  account_tokens: 'offene Einladungs- und Passwort-Links und Anmelde-Zwischenschritte',
  recovery_codes: 'Wiederherstellungscodes der Zwei-Faktor-Anmeldung',
};

/** Application tables of schema public in foreign-key order, with their self-references. */
export async function listTables(client: pg.ClientBase): Promise<TableHeader[]> {
  const tables = await client.query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname <> ALL($1::text[]) ORDER BY c.relname`,
    [[...DERIVED_TABLES, ...Object.keys(RUNTIME_TABLES)]],
  );
  const columns = await client.query<{ oid: number; name: string }>(
    `SELECT a.attrelid AS oid, a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attrelid, a.attnum`,
  );
  const fks = await client.query<{ src: number; dst: number; cols: string[]; refs: string[] }>(
    `SELECT con.conrelid AS src, con.confrelid AS dst,
       ARRAY(SELECT attname FROM unnest(con.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute ON attrelid = con.conrelid AND attnum = k.n ORDER BY k.i)::text[] AS cols,
       ARRAY(SELECT attname FROM unnest(con.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute ON attrelid = con.confrelid AND attnum = k.n ORDER BY k.i)::text[] AS refs
     FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE con.contype = 'f' AND n.nspname = 'public'`,
  );
  const byOid = new Map(
    tables.rows.map((t) => [
      t.oid,
      {
        table: t.name,
        columns: [] as string[],
        self_references: [] as TableHeader['self_references'],
        deps: new Set<number>(),
      },
    ]),
  );
  for (const c of columns.rows) byOid.get(c.oid)?.columns.push(c.name);
  for (const fk of fks.rows) {
    const entry = byOid.get(fk.src);
    if (!entry) continue;
    if (fk.src === fk.dst) entry.self_references.push({ columns: fk.cols, references: fk.refs });
    else entry.deps.add(fk.dst);
  }
  const ordered: TableHeader[] = [];
  const done = new Set<number>();
  const visit = (oid: number, path: Set<number>) => {
    if (done.has(oid)) return;
    if (path.has(oid))
      throw new Error('Foreign keys form a cycle between tables; the backup format cannot order them.');
    path.add(oid);
    const entry = byOid.get(oid)!;
    for (const dep of entry.deps) if (byOid.has(dep)) visit(dep, path);
    path.delete(oid);
    done.add(oid);
    ordered.push({ table: entry.table, columns: entry.columns, self_references: entry.self_references });
  };
  for (const oid of byOid.keys()) visit(oid, new Set());
  return ordered;
}

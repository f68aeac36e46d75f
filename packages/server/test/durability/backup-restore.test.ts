import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openCliDatabase } from '../../src/db/backup/cli-database.js';
import { RestoreRefusedError, restoreBackup } from '../../src/db/backup/restore-backup.js';
import { writeBackup } from '../../src/db/backup/write-backup.js';
import { createDatabase } from '../../src/db/client.js';
import { invoiceDocuments, invoiceReminders, providerSettings, wikiFiles } from '../../src/db/schema/index.js';
import { readEnv } from '../../src/env.js';
import { putBlob, readBlob } from '../../src/lib/blob-store.js';
import { storeIssuedDocument } from '../../src/modules/quickbill/pdf/pdf-store.js';
import { buildAdmin, buildCustomer, buildProject, buildTimeEntry, buildWikiCategory } from '../factories.js';
import { TEMPLATE_DB, withDatabase } from '../global-setup.js';
import { makeTestTempDir } from '../temp-dirs.js';
import { killEverythingIn } from './processes.js';

/**
 * Backup and restore between the test run's server (embedded PostgreSQL 18, or
 * Debian's PostgreSQL 15 through TEST_DATABASE_URL in CI's second pass) and a fresh
 * embedded PostgreSQL 18: source → embedded → new database on the source server,
 * every row and every uploaded file identical at each step.
 */
const adminConfig = () => inject('pgConfig') as pg.PoolConfig;
const created: string[] = [];
let work: string;

async function createDb(template?: string): Promise<pg.PoolConfig> {
  const name = `bk_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client(adminConfig());
  await client.connect();
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await client.end();
  created.push(name);
  return withDatabase(adminConfig(), name);
}

/** The same database as a DATABASE_URL (socket configs become ?host=…). */
function asUrl(config: pg.PoolConfig): string {
  if (config.connectionString) return config.connectionString;
  const password = encodeURIComponent(String(config.password));
  return `postgresql://${config.user}:${password}@localhost:${config.port}/${config.database}?host=${encodeURIComponent(String(config.host))}`;
}

/**
 * Every row of every application table as PostgreSQL text (UTC), sorted, plus the sequences;
 * not the write counters (data_version, customer_data_versions: decisions 0347, 0560). The hour
 * summaries are compared too: the restore rebuilds them.
 */
async function contents(config: pg.PoolConfig) {
  const client = new pg.Client(config);
  await client.connect();
  await client.query(`SET TIME ZONE 'UTC'`);
  const tables = await client.query<{ name: string; kind: string }>(
    `SELECT relname AS name, relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S')
       AND relname NOT IN ('data_version', 'customer_data_versions') ORDER BY relname`,
  );
  const result: Record<string, string[]> = {};
  for (const { name, kind } of tables.rows) {
    // Sequences: the value only (log_cnt is an internal WAL-logging counter).
    const select = kind === 'S' ? `last_value || ',' || is_called` : 't::text';
    const rows = await client.query<{ x: string }>(`SELECT ${select} AS x FROM public."${name}" t`);
    result[name] = rows.rows.map((r) => r.x).sort();
  }
  await client.end();
  return result;
}

async function fill(config: pg.PoolConfig) {
  const db = createDatabase(config, () => {});
  await buildAdmin(db, { username: 'chefin' });
  const early = await buildCustomer(db, { firstName: 'Jürgen "Jö" \\ Österreicher', company: 'Zeile 1\nZeile 2 🎉' });
  const later = await buildCustomer(db, { firstName: 'Maria' });
  // A referral that points forward (lower id → higher id): restore must order these rows.
  await db.$client.query('UPDATE customers SET referred_by_id = $1 WHERE id = $2', [later.id, early.id]);
  const project = await buildProject(db, early.id);
  for (let i = 0; i < 50; i++)
    await buildTimeEntry(db, early.id, project.id, {
      hours: `${(i % 7) + 0.25}`,
      workDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
    });
  const insertInvoice = `INSERT INTO invoices (kind, customer_id, customer_name, invoice_date, due_date, status, invoice_number, total_gross, created_by)
    VALUES ($1, $2, 'Jürgen', '2026-01-31', '2026-02-14', $3, $4, $5, 'admin') RETURNING id`;
  const credit = await db.$client.query(insertInvoice, ['credit_note', early.id, 'sent', 'G-2026-1', '-12.50']);
  const invoice = await db.$client.query(insertInvoice, ['invoice', early.id, 'paid', 'R-2026-1', '1234.56']);
  await db.$client.query('UPDATE invoices SET credit_note_for_id = $1 WHERE id = $2', [
    invoice.rows[0].id,
    credit.rows[0].id,
  ]);
  const category = await buildWikiCategory(db, { allowsFiles: true });
  await db.$client.query(
    `INSERT INTO audit_log (actor_type, actor_name, action, entity, entity_id, changes) VALUES ('admin', 'chefin', 'update', 'customer', $1, $2)`,
    [String(early.id), JSON.stringify({ before: { city: 'Wien' }, after: { city: 'Graz', note: 'Grüß Gott' } })],
  );
  const entry = await db.$client.query(
    `INSERT INTO wiki_entries (customer_id, category_id, title, content, created_by) VALUES ($1, $2, 'WLAN', '<p>Hallo</p>', 'admin') RETURNING id`,
    [early.id, category.id],
  );
  // The blob store: wiki files (one of several chunks), issued documents, a letter, the logo.
  for (const [name, bytes] of [
    ['plan.pdf', randomBytes(2_000_000)],
    ['leer-fast.txt', Buffer.from('Grüß Gott\n')],
  ] as const) {
    await db.transaction(async (tx) => {
      const blob = await putBlob(tx, bytes, { kind: 'wiki-file' });
      await tx.insert(wikiFiles).values({
        entryId: entry.rows[0].id,
        originalFilename: name,
        blobId: blob.id,
        mimeType: 'application/octet-stream',
        sizeBytes: blob.sizeBytes,
        sha256: blob.sha256,
        createdBy: 'admin',
      });
    });
  }
  for (const id of [invoice.rows[0].id, credit.rows[0].id]) {
    for (const kind of ['pdf', 'xml', 'ebinterface'] as const) {
      await db.transaction(async (tx) =>
        storeIssuedDocument(tx, id, kind, Buffer.concat([Buffer.from(`%${kind} ${id}\n`), randomBytes(300_000)])),
      );
    }
  }
  await db.transaction(async (tx) => {
    const letter = await putBlob(tx, randomBytes(50_000), { kind: 'reminder-pdf' });
    await tx.insert(invoiceReminders).values({
      invoiceId: invoice.rows[0].id,
      level: 1,
      pdfBlobId: letter.id,
      fee: '5.00',
      letterDate: '2026-01-31',
      createdBy: 'admin',
    });
    const logo = await putBlob(tx, randomBytes(20_000), { kind: 'logo' });
    await tx
      .insert(providerSettings)
      .values({ id: 1, logoBlobId: logo.id })
      .onConflictDoUpdate({
        target: providerSettings.id,
        set: { logoBlobId: logo.id },
      });
  });
  // January is closed after its bookings (decision 0821): the restore writes the reminder with
  // its fee back after closed_months (foreign-key order) and must not be refused.
  await db.$client.query(`INSERT INTO closed_months (month, closed_by) VALUES ('2026-01', 'chefin')`);
  await db.$client.end();
}

/** sha256 of every stored file read back through the blob store, and every issued document's bytes. */
async function storedBytes(config: pg.PoolConfig) {
  const db = createDatabase(config, () => {});
  try {
    const files: Record<string, string> = {};
    for (const row of await db.select().from(wikiFiles)) {
      const bytes = (await readBlob(db, row.blobId!))!;
      const hash = createHash('sha256').update(bytes).digest('hex');
      expect(hash).toBe(row.sha256);
      files[row.originalFilename] = hash;
    }
    const documents: Record<string, Buffer> = {};
    for (const row of await db.select().from(invoiceDocuments)) {
      documents[`${row.invoiceId}:${row.kind}`] = (await readBlob(db, row.blobId))!;
    }
    const [letter] = await db.select().from(invoiceReminders);
    const [settings] = await db.select().from(providerSettings);
    documents.reminder = (await readBlob(db, letter!.pdfBlobId!))!;
    documents.logo = (await readBlob(db, settings!.logoBlobId!))!;
    return { files, documents };
  } finally {
    await db.$client.end();
  }
}

function expectSameBytes(actual: Awaited<ReturnType<typeof storedBytes>>, expected: typeof actual) {
  expect(actual.files).toEqual(expected.files);
  expect(Object.keys(actual.documents).sort()).toEqual(Object.keys(expected.documents).sort());
  for (const [key, bytes] of Object.entries(expected.documents)) {
    expect(actual.documents[key]!.equals(bytes), key).toBe(true);
  }
}

async function writeUploads(dir: string) {
  await fs.mkdir(path.join(dir, 'ab'), { recursive: true });
  await fs.writeFile(path.join(dir, 'ab', 'rechnung.pdf'), randomBytes(2_000_000));
  await fs.writeFile(path.join(dir, 'notiz.txt'), 'Grüß Gott\n');
}

async function readTree(dir: string, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(out, await readTree(dir, rel));
    else out[rel] = (await fs.readFile(path.join(dir, rel))).toString('base64');
  }
  return out;
}

beforeAll(async () => {
  work = await makeTestTempDir('backup');
  // Run as root, the embedded server's `postgres` user must pass through to DATA_DIR.
  await fs.chmod(work, 0o711);
});

afterAll(async () => {
  await killEverythingIn(work);
  await fs.rm(work, { recursive: true, force: true });
  const client = new pg.Client(adminConfig());
  await client.connect();
  for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
});

describe('npm run backup / npm run restore', () => {
  it('round-trips every row and file: test server → fresh embedded PostgreSQL 18 → new database on the test server', async () => {
    const source = await createDb(TEMPLATE_DB);
    await fill(source);
    const sourceUploads = path.join(work, 'source-uploads');
    await writeUploads(sourceUploads);
    const expected = await contents(source);
    const expectedBytes = await storedBytes(source);
    expect(Object.keys(expectedBytes.files)).toHaveLength(2);
    expect(Object.keys(expectedBytes.documents)).toHaveLength(8);
    expect(expected.customers).toHaveLength(2);
    expect(expected.time_entries).toHaveLength(50);

    const first = await writeBackup(source, path.join(work, 'first.backup'), sourceUploads);
    expect(first.tables.customers).toBe(2);
    expect(first.files).toBe(2);
    expect(first.blobs).toBe(10);
    expect(first.blobBytes).toBeGreaterThan(3_800_000);
    expect(((await fs.stat(first.file)).mode & 0o777).toString(8)).toBe('600');

    // Into a new embedded DATA_DIR, the way `npm run restore` opens it.
    const embeddedEnv = readEnv({ DATA_DIR: path.join(work, 'embedded') });
    const embedded = await openCliDatabase(embeddedEnv, 'restore');
    try {
      const restored = await restoreBackup(embedded.config, first.file, path.join(embeddedEnv.DATA_DIR, 'uploads'));
      expect([restored.blobs, restored.blobBytes]).toEqual([first.blobs, first.blobBytes]);
      expect(await contents(embedded.config)).toEqual(expected);
      expectSameBytes(await storedBytes(embedded.config), expectedBytes);
      expect(await readTree(path.join(embeddedEnv.DATA_DIR, 'uploads'))).toEqual(await readTree(sourceUploads));

      // A used target is refused and stays as it is.
      const again = restoreBackup(embedded.config, first.file, path.join(work, 'other-uploads'));
      await expect(again).rejects.toThrow(/Die Zieldatenbank ist nicht leer \(Daten in: .*customers/);
      expect(await contents(embedded.config)).toEqual(expected);

      // While a portal (here: this process) holds the DATA_DIR, backup reads through its socket; restore refuses.
      const running = await openCliDatabase(embeddedEnv, 'backup');
      expect(running.source).toContain('laufendes Portal');
      const second = await writeBackup(
        running.config,
        path.join(work, 'second.backup'),
        path.join(embeddedEnv.DATA_DIR, 'uploads'),
      );
      expect(second.tables).toEqual(first.tables);
      await expect(openCliDatabase(embeddedEnv, 'restore')).rejects.toThrow('Das Portal läuft gerade');

      // Back to the test server (PostgreSQL 15 in CI's second pass), through DATABASE_URL.
      const target = await createDb();
      const external = await openCliDatabase(
        readEnv({ DATA_DIR: path.join(work, 'external'), DATABASE_URL: asUrl(target) }),
        'restore',
      );
      await restoreBackup(external.config, second.file, path.join(work, 'external', 'uploads'));
      expect(await contents(target)).toEqual(expected);
      expectSameBytes(await storedBytes(target), expectedBytes);
      expect(await readTree(path.join(work, 'external', 'uploads'))).toEqual(await readTree(sourceUploads));

      // New rows get fresh ids after a restore (sequences came along).
      const client = new pg.Client(target);
      await client.connect();
      const next = await client.query(
        `SELECT nextval(pg_get_serial_sequence('customers', 'id'))::int AS id, (SELECT max(id) FROM customers) AS max`,
      );
      await client.end();
      expect(next.rows[0].id).toBeGreaterThan(next.rows[0].max);
    } finally {
      await embedded.close();
    }
  }, 120_000);

  it('refuses a truncated or foreign file and changes nothing', async () => {
    const source = await createDb(TEMPLATE_DB);
    await fill(source);
    const good = await writeBackup(source, path.join(work, 'good.backup'), path.join(work, 'none'));
    const bytes = await fs.readFile(good.file);
    const truncated = path.join(work, 'truncated.backup');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));

    const target = await createDb();
    const uploads = path.join(work, 'truncated-uploads');
    await expect(restoreBackup(target, truncated, uploads)).rejects.toThrow('ist unvollständig oder beschädigt');
    const client = new pg.Client(target);
    await client.connect();
    // The schema is migrated before the data are read (restore-backup.ts); no row came in.
    const customers = await client.query('SELECT count(*)::int AS n FROM customers');
    const rows = await client.query(
      `SELECT (SELECT count(*) FROM blobs)::int + (SELECT count(*) FROM invoices)::int + (SELECT count(*) FROM wiki_entries)::int AS n`,
    );
    await client.end();
    expect(customers.rows[0].n).toBe(0);
    expect(rows.rows[0].n).toBe(0);
    await expect(fs.readdir(uploads)).rejects.toThrow();

    // A backup whose blob bytes were altered (same size, one byte flipped) is refused as a whole.
    const lines = (await import('node:zlib')).gunzipSync(bytes).toString('utf8').split('\n');
    const chunkTable = lines.findIndex((line) => line.startsWith('{') && JSON.parse(line).table === 'blob_chunks');
    const row = JSON.parse(lines[chunkTable + 1]!) as string[];
    const hex = row[2]!;
    row[2] = `${hex.slice(0, -2)}${hex.endsWith('00') ? '01' : '00'}`;
    lines[chunkTable + 1] = JSON.stringify(row);
    const altered = path.join(work, 'altered.backup');
    await fs.writeFile(altered, (await import('node:zlib')).gzipSync(lines.join('\n')));
    const alteredTarget = await createDb();
    await expect(restoreBackup(alteredTarget, altered, path.join(work, 'altered-uploads'))).rejects.toThrow(
      'ist unvollständig oder beschädigt',
    );

    const foreign = path.join(work, 'foreign.backup');
    await fs.writeFile(foreign, (await import('node:zlib')).gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(target, foreign, uploads)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(target, foreign, uploads)).rejects.toThrow('keine Sicherung des Butler-Portals');
  }, 60_000);
});

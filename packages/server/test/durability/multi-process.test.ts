import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { todayInVienna } from '@butler/contract/format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { buildCustomer, buildWikiCategory } from '../factories.js';
import { TEMPLATE_DB, withDatabase } from '../global-setup.js';
import { makeTestTempDir } from '../temp-dirs.js';
import { type Child, killEverythingIn, spawnTs } from './processes.js';

/**
 * Two portal processes (src/main.ts) on one PostgreSQL through DATABASE_URL — the test
 * server: embedded PostgreSQL 18, or Debian's PostgreSQL 15 in CI's second pass. Whatever
 * one process does, the other serves: sessions, files, issued documents; a process
 * killed during an upload leaves no half file and the other keeps serving.
 */
const PASSWORD = 'multi-process-password';
const KEY = randomBytes(32).toString('base64');
let work: string;
let dbName: string;
let db: Database;
let url: string;
const portals: Array<{ child: Child; port: number; base: string }> = [];

function asUrl(config: pg.PoolConfig): string {
  if (config.connectionString) return config.connectionString;
  const password = encodeURIComponent(String(config.password));
  return `postgresql://${config.user}:${password}@localhost:${config.port}/${config.database}?host=${encodeURIComponent(String(config.host))}`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startPortal(name: string) {
  const port = await freePort();
  const child = spawnTs('src/main.ts', {
    DATA_DIR: path.join(work, name),
    DATABASE_URL: url,
    // Every process must use the same key for the wiki's encrypted entries (docs/operations.md).
    ENCRYPTION_KEY: KEY,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: PASSWORD,
  });
  const portal = { child, port, base: `http://127.0.0.1:${port}` };
  portals.push(portal);
  return portal;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function call(base: string, token: string, url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  work = await makeTestTempDir('multi');
  const admin = new pg.Client(inject('pgConfig') as pg.PoolConfig);
  await admin.connect();
  dbName = `mp_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const config = withDatabase(inject('pgConfig') as pg.PoolConfig, dbName);
  url = asUrl(config);
  db = createDatabase(config, () => {});
});

afterAll(async () => {
  for (const { child } of portals) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await killEverythingIn(work);
  await db?.$client.end();
  const admin = new pg.Client(inject('pgConfig') as pg.PoolConfig);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await fs.rm(work, { recursive: true, force: true });
});

describe('two portal processes on one PostgreSQL', () => {
  it('share sessions, files and issued documents; a process killed mid-upload leaves nothing half and the other serves on', async () => {
    const a = await startPortal('a');
    const b = await startPortal('b');
    await Promise.all([
      a.child.waitForLine((line) => line.includes('Butler-Portal läuft'), 90_000),
      b.child.waitForLine((line) => line.includes('Butler-Portal läuft'), 90_000),
    ]);

    // Log in on A, work on B.
    const login = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin', password: PASSWORD, user_type: 'admin' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await call(b.base, token, '/api/customers')).status).toBe(200);

    const customer = await buildCustomer(db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' });
    const category = await buildWikiCategory(db, { allowsFiles: true });
    const entry = await db.$client.query(
      `INSERT INTO wiki_entries (customer_id, category_id, title, content, created_by) VALUES ($1, $2, 'Dateien', '', 'admin') RETURNING id`,
      [customer.id, category.id],
    );
    const entryId = entry.rows[0].id as number;

    // Upload on A, identical bytes from B.
    const bytes = randomBytes(700 * 1024);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'plan.bin');
    const uploaded = await fetch(`${a.base}/api/wiki/entries/${entryId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { id: number }).id;
    const downloaded = await call(b.base, token, `/api/wiki/files/${fileId}/download`);
    expect(downloaded.status).toBe(200);
    expect(sha(downloaded.bytes)).toBe(sha(bytes));

    // Settings on B, invoice issued on A, PDF and XML byte-identical from both.
    const settings = await call(b.base, token, '/api/quickbill/settings', {
      method: 'PUT',
      body: JSON.stringify({
        company_name: 'Mein BUTLER e.U.',
        street: 'Mariahilfer Straße 12',
        postal_code: '1060',
        city: 'Wien',
        uid: 'ATU12345675',
        iban: 'AT61 1904 3002 3457 3201',
        bic: 'BKAUATWW',
      }),
    });
    expect(settings.status, settings.bytes.toString()).toBe(200);
    const draft = await call(a.base, token, '/api/quickbill/invoices', {
      method: 'POST',
      body: JSON.stringify({
        customer_id: customer.id,
        invoice_date: todayInVienna(),
        items: [{ description: 'Haushaltsbetreuung', quantity: 4, unit: 'h', unit_price: 50, tax_rate: 20 }],
      }),
    });
    expect(draft.status, draft.bytes.toString()).toBe(201);
    const invoiceId = JSON.parse(draft.bytes.toString()).id as number;
    expect((await call(a.base, token, `/api/quickbill/invoices/${invoiceId}/send`, { method: 'POST' })).status).toBe(
      200,
    );
    for (const kind of ['pdf', 'xml', 'ebinterface']) {
      const fromA = await call(a.base, token, `/api/quickbill/invoices/${invoiceId}/${kind}`);
      const fromB = await call(b.base, token, `/api/quickbill/invoices/${invoiceId}/${kind}`);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(fromA.bytes.equals(fromB.bytes), kind).toBe(true);
    }

    // SIGKILL A in the middle of an upload.
    const count = async () =>
      (
        await db.$client.query(
          `SELECT (SELECT count(*) FROM blobs)::int AS blobs, (SELECT count(*) FROM blob_chunks)::int AS chunks, (SELECT count(*) FROM wiki_files)::int AS files`,
        )
      ).rows[0];
    const before = await count();
    const boundary = 'killboundary';
    const request = http.request({
      host: '127.0.0.1',
      port: a.port,
      method: 'POST',
      path: `/api/wiki/entries/${entryId}/files`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('error', () => {});
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="halb.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    request.write(randomBytes(1024 * 1024));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const busy = await db.$client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND xact_start IS NOT NULL AND query ILIKE '%blob_chunks%' AND pid <> pg_backend_pid()`,
      );
      if (busy.rows[0].n > 0) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(a.child.pid, 'SIGKILL');
    await a.child.exited;
    request.destroy();
    // PostgreSQL rolls the dead connection's transaction back: nothing of the upload remains.
    const settled = Date.now() + 10_000;
    while (JSON.stringify(await count()) !== JSON.stringify(before)) {
      expect(Date.now()).toBeLessThan(settled);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const list = await call(b.base, token, `/api/wiki/entries/${entryId}`);
    expect(
      JSON.parse(list.bytes.toString()).files.map((f: { original_filename: string }) => f.original_filename),
    ).toEqual(['plan.bin']);
    expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
    const again = await call(b.base, token, `/api/wiki/files/${fileId}/download`);
    expect(sha(again.bytes)).toBe(sha(bytes));

    process.kill(b.child.pid, 'SIGTERM');
    expect((await b.child.exited).code).toBe(0);
  }, 240_000);
});

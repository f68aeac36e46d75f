import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { EmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { ensurePortalDatabase } from '../../src/db/open-database.js';
import { readEnv } from '../../src/env.js';
import { buildAdmin, buildCustomer, buildWikiCategory, TEST_PASSWORD } from '../factories.js';
import { makeTestTempDir } from '../temp-dirs.js';
import { killEverythingIn } from './processes.js';

/**
 * The portal while its PostgreSQL goes away and comes back (its own embedded server, so
 * it can be stopped; runs in CI's first pass only): 503 with a German message within
 * 2 s while it is gone, 200 again afterwards without a restart, never a 500; a
 * connection killed inside a transaction leaves nothing behind.
 */
let work: string;
let embedded: EmbeddedPostgres;
let db: Database;
let app: FastifyInstance;
let token: string;
let entryId: number;

beforeAll(async () => {
  work = await makeTestTempDir('faults');
  await fs.chmod(work, 0o711);
  const dataDir = path.join(work, 'data');
  embedded = new EmbeddedPostgres({ dataDir });
  const config = await ensurePortalDatabase(await embedded.start());
  db = createDatabase(config, () => {});
  await migrateDatabase(db);
  app = await buildApp({ db, env: readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
  await app.ready();
  const admin = await buildAdmin(db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' },
  });
  token = login.json().token;
  const customer = await buildCustomer(db);
  const category = await buildWikiCategory(db, { allowsFiles: true });
  const entry = await db.$client.query(
    `INSERT INTO wiki_entries (customer_id, category_id, title, content, created_by) VALUES ($1, $2, 'Dateien', '', 'admin') RETURNING id`,
    [customer.id, category.id],
  );
  entryId = entry.rows[0].id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.$client.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  await killEverythingIn(work);
  await fs.rm(work, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('PostgreSQL goes away and comes back', () => {
  it('answers 503 in German within 2 s while it is gone, says why in /api/health, and recovers without a restart', async () => {
    const results: Array<{ phase: string; sentIn: string; status: number; ms: number; body: string }> = [];
    let phase = 'up';
    let running = true;
    // Four clients keep asking throughout.
    const load = Array.from({ length: 4 }, async () => {
      while (running) {
        const started = Date.now();
        // `phase` is when the answer came; `sentIn` when the request went out (an answer to a
        // request sent while the database came back may still be a 503).
        const sentIn = phase;
        const res = await get('/api/customers');
        results.push({ phase, sentIn, status: res.statusCode, ms: Date.now() - started, body: res.body });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const of = (p: string) => results.filter((r) => r.phase === p);
    /** Waits until the clients have had `n` answers in the phase (they ask every 20 ms). */
    const answersIn = async (p: string, n: number) => {
      const deadline = Date.now() + 20_000;
      while (of(p).length < n) {
        expect(Date.now(), `${n} answers in phase ${p}`).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await answersIn('up', 8);

    phase = 'stopping';
    await embedded.stop();
    phase = 'down';
    // Ten rounds of the four clients against the stopped server, instead of a fixed 2.5 s.
    await answersIn('down', 40);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error).toMatch(/^Datenbank nicht erreichbar: /);

    phase = 'starting';
    await embedded.start();
    const deadline = Date.now() + 15_000;
    while ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    phase = 'back';
    while (results.filter((r) => r.sentIn === 'back').length < 8) {
      expect(Date.now(), '8 answers to requests sent after recovery').toBeLessThan(deadline + 20_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    running = false;
    await Promise.all(load);

    expect(of('up').length).toBeGreaterThanOrEqual(8);
    expect(of('up').filter((r) => r.status !== 200)).toEqual([]);
    const down = of('down');
    expect(down.length).toBeGreaterThan(10);
    for (const r of down) {
      expect(r.status, r.body).toBe(503);
      expect(r.ms).toBeLessThan(2_000);
      expect(JSON.parse(r.body).error).toBe(
        'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.',
      );
    }
    // Never a 500, in any phase; and the last answers are 200 again.
    expect(results.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    // Every request sent after /api/health said 200 again got its answer.
    const sentBack = results.filter((r) => r.sentIn === 'back');
    expect(sentBack.length).toBeGreaterThanOrEqual(8);
    expect(sentBack.filter((r) => r.status !== 200)).toEqual([]);
  }, 90_000);

  it('a connection killed in the middle of an upload transaction leaves no row and no bytes', async () => {
    const count = async () =>
      (
        await db.$client.query(
          `SELECT (SELECT count(*) FROM blobs)::int AS blobs, (SELECT count(*) FROM blob_chunks)::int AS chunks, (SELECT count(*) FROM wiki_files)::int AS files`,
        )
      ).rows[0];
    const before = await count();
    const boundary = 'faultboundary';
    const body = new Readable({ read() {} });
    body.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    // 1 MB now: four chunks are written inside the upload's transaction, which then waits for more.
    body.push(Buffer.alloc(1024 * 1024, 7));
    const pending = app.inject({
      method: 'POST',
      url: `/api/wiki/entries/${entryId}/files`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    let victim: number | undefined;
    const deadline = Date.now() + 10_000;
    while (!victim && Date.now() < deadline) {
      const rows = await db.$client.query(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
           AND query ILIKE '%blob_chunks%'`,
      );
      victim = rows.rows[0]?.pid;
      if (!victim) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(victim).toBeDefined();
    await db.$client.query('SELECT pg_terminate_backend($1)', [victim]);
    body.push(Buffer.alloc(512 * 1024, 8));
    body.push(`\r\n--${boundary}--\r\n`);
    body.push(null);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error).toMatch(/Datenbank ist gerade nicht erreichbar/);
    expect(await count()).toEqual(before);
    // The pool replaced the dead connection: the same upload works now.
    const again = await app.inject({
      method: 'POST',
      url: `/api/wiki/entries/${entryId}/files`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="klein.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.alloc(1000, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(again.statusCode, again.body).toBe(201);
  }, 60_000);
});

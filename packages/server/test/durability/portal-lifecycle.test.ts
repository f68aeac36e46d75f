import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.js';
import { runningEmbeddedConfig } from '../../src/db/embedded-postgres.js';
import { buildCustomer, buildWikiCategory } from '../factories.js';
import { makeTestTempDir } from '../temp-dirs.js';
import { isAlive, killEverythingIn, postmasterPid, processesIn, spawnTs, waitUntil } from './processes.js';

/**
 * The real portal entry (src/main.ts) on the embedded database: one portal per
 * DATA_DIR, and a signal stops postgres with it. Runs in both CI passes (it starts
 * its own embedded server and ignores TEST_DATABASE_URL).
 */
const MAIN = 'src/main.ts';
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeTestTempDir('life');
});

afterAll(async () => {
  await killEverythingIn(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startPortal(logLevel = 'warn') {
  const port = await freePort();
  const portal = spawnTs(MAIN, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
    ADMIN_PASSWORD: 'lifecycle-test-password',
  });
  return { portal, port };
}

async function health(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return response.status;
}

/** True once the portal takes no new connection (it has begun to close). */
async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('portal process lifecycle on the embedded database', () => {
  it('a second portal on the same DATA_DIR refuses with a clear message and leaves the first undisturbed', async () => {
    const { portal: first, port } = await startPortal();
    await first.waitForLine((line) => line.includes('Butler-Portal läuft'), 60_000);
    const postgres = postmasterPid(dataDir);
    const lock = await fs.readFile(path.join(dataDir, 'portal.lock'), 'utf8');

    const { portal: second } = await startPortal();
    const result = await second.exited;
    expect(result.code).toBe(1);
    expect(second.stderr).toContain(
      `Ein anderer Portal-Prozess (PID ${first.pid}) verwendet bereits das Datenverzeichnis`,
    );

    // The refused start touched neither the lock, nor postgres, nor the running portal.
    expect(await fs.readFile(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(lock);
    expect(postmasterPid(dataDir)).toBe(postgres);
    expect(isAlive(postgres)).toBe(true);
    expect(await health(port)).toBe(200);

    process.kill(first.pid, 'SIGTERM');
    expect((await first.exited).code).toBe(0);
  }, 120_000);

  it('SIGTERM lets a request in flight (a slow upload) finish before the portal stops', async () => {
    // At 'debug' Fastify logs each request as it arrives: the test waits for that line, not a clock.
    const { portal, port } = await startPortal('debug');
    await portal.waitForLine((line) => line.includes('Butler-Portal läuft'), 60_000);
    // Setup through the running portal's own socket (as `npm run backup` connects).
    const db = createDatabase({ ...(await runningEmbeddedConfig(dataDir))!, database: 'butler' }, () => {});
    let entryId: number;
    try {
      const customer = await buildCustomer(db);
      const category = await buildWikiCategory(db, { allowsFiles: true });
      const entry = await db.$client.query(
        `INSERT INTO wiki_entries (customer_id, category_id, title, content, created_by) VALUES ($1, $2, 'Dateien', '', 'admin') RETURNING id`,
        [customer.id, category.id],
      );
      entryId = entry.rows[0].id;
    } finally {
      await db.$client.end();
    }
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin', password: 'lifecycle-test-password', user_type: 'admin' }),
    });
    const { token } = (await login.json()) as { token: string };
    const boundary = 'drainboundary';
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/wiki/entries/${entryId}/files`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="spaet.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    request.write(Buffer.alloc(600 * 1024, 3));
    // In flight: the portal has received the request (and is waiting for the rest of the file).
    await portal.waitForLine(
      (line) => line.includes('incoming request') && line.includes(`/api/wiki/entries/${entryId}/files`),
      30_000,
    );
    process.kill(portal.pid, 'SIGTERM');
    await portal.waitForLine((line) => line.includes('SIGTERM received'), 10_000);
    // The portal is closing (it accepts no new connection) while the upload is still open.
    const closing = async () => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if (await refusesConnections(port)) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await closing()).toBe(true);
    expect(isAlive(portal.pid)).toBe(true);
    request.end(Buffer.concat([Buffer.alloc(400 * 1024, 4), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const answer = await response;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).size_bytes).toBe(1000 * 1024);
    expect((await portal.exited).code).toBe(0);
  }, 120_000);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} stops postgres with the portal and leaves no process and no lock behind`, async () => {
      const { portal, port } = await startPortal();
      await portal.waitForLine((line) => line.includes('Butler-Portal läuft'), 60_000);
      expect(await health(port)).toBe(200);
      const postgres = postmasterPid(dataDir);
      expect(processesIn(dataDir).length).toBeGreaterThan(1);

      // Only the Node process gets the signal (as from systemd or `kill`), not its group.
      process.kill(portal.pid, signal);
      expect((await portal.exited).code).toBe(0);
      expect(await waitUntil(() => !isAlive(postgres) && processesIn(dataDir).length === 0, 10_000)).toBe(true);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
      // A clean stop checkpointed and removed postmaster.pid: the next start needs no crash recovery.
      expect(existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(false);
    }, 120_000);
  }
});

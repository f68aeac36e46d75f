import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * One portal per Playwright worker (decision 0530): the built web app, the API and an
 * embedded PostgreSQL in a data folder of its own, started by the global setup before the
 * workers and stopped by its teardown. A worker finds its portal by its parallel index
 * (`TEST_PARALLEL_INDEX`, which a worker that replaces a failed one inherits), so every
 * spec file sees one portal from its first test to its last, and two files running at the
 * same time never share data.
 */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-Admin-Passwort!', name: 'Lisa Berger' };

/** Browser workers: `E2E_WORKERS`, else 2 (measured on 2 cores, decision 0530). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const DATA_ROOT = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export type Portal = { url: string; dataDir: string };

/** The portals of this run, as the global setup published them to the workers. */
function portals(): Portal[] {
  return JSON.parse(process.env.E2E_PORTALS ?? '[]') as Portal[];
}

/** This worker's portal (in the main process: the first one, or a placeholder before setup). */
export function currentPortal(): Portal {
  const list = portals();
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return list[index] ?? list[0] ?? { url: 'http://127.0.0.1:1', dataDir: path.join(DATA_ROOT, 'w0') };
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the e2e portals run with: a known admin with a name, and limits no spec trips over. */
export const E2E_PORTAL_ENV = {
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // A display name, so the first-day prompt for one (decision 0622) does not cover the specs.
  ADMIN_NAME: E2E_ADMIN.name,
  RATE_LIMIT_PER_MINUTE: '100000',
  // Every spec signs in from 127.0.0.1: the specs that try wrong passwords and codes on
  // purpose must not lock the address for the specs after them (decision 0432). Each
  // account still locks after five failures.
  LOGIN_FAILURES_PER_ADDRESS: '1000',
  // The same for the 30 sign-in requests per minute and address (decision 0432).
  LOGIN_REQUESTS_PER_MINUTE: '1000',
};

/** A started portal process and every line it printed to stdout so far. */
export type StartedPortal = { child: ChildProcess; stdout: string[] };

/**
 * Starts `npm start` (scripts/start.mjs) on `port` with a fresh `dataDir`, resolving once it
 * says it runs. `env` replaces the e2e portals' settings: a first start as a new owner
 * makes it (no ADMIN_PASSWORD, no ADMIN_NAME; decision 0756).
 */
export function startPortal(
  port: number,
  dataDir: string,
  env: Record<string, string> = E2E_PORTAL_ENV,
  args: string[] = [],
): Promise<StartedPortal> {
  rmSync(dataDir, { recursive: true, force: true });
  const inherited = { ...process.env };
  // What a spec's portal is about comes from `env` alone, never from the shell that runs the tests.
  for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_NAME', 'SMTP_URL', 'PUBLIC_URL']) delete inherited[key];
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const stdout: string[] = [];
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += chunk;
    // The portal's warnings (e.g. a job's retry) belong in the run's output, as before.
    process.stderr.write(`[portal ${port}] ${chunk}`);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Portal auf ${port} nach 180 s nicht bereit\n${errors}`)), 180_000);
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      stdout.push(...lines);
      if (lines.some((line) => line.includes('Butler-Portal läuft'))) {
        clearTimeout(timer);
        // The lines after it arrive in the same write or right after: give them a moment.
        setTimeout(() => resolve({ child, stdout }), 200);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Portal auf ${port} beendet (${code})\n${errors}`));
    });
  });
}

/** Stops a portal started by `startPortal` and waits until it has gone. */
export function stopPortal(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Global setup: starts the portals side by side and publishes them to the workers. */
export default async function globalSetup() {
  const list: Portal[] = [];
  for (let i = 0; i < WORKERS; i++) {
    list.push({ url: `http://127.0.0.1:${await freePort()}`, dataDir: path.join(DATA_ROOT, `w${i}`) });
  }
  const started = await Promise.all(list.map((p) => startPortal(Number(new URL(p.url).port), p.dataDir)));
  process.env.E2E_PORTALS = JSON.stringify(list);
  // The role walks' portals, started when a walk first asks (e2e/walk-portals.ts, decision 0785).
  const { startWalkPortalService } = await import('./walk-portals');
  const walks = await startWalkPortalService(DATA_ROOT);
  process.env.E2E_WALK_PORTALS = walks.url;
  return async () => {
    await Promise.all([...started.map(({ child }) => stopPortal(child)), walks.stop()]);
  };
}

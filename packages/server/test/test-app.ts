import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { type Env, readEnv } from '../src/env.js';
import { loggerOptions } from '../src/lib/log-safety.js';
import { hashPassword } from '../src/lib/passwords.js';
import { runDueJobs } from '../src/modules/jobs/job-runner.js';
import { registerCleanup } from './cleanup.js';
import { TEMPLATE_DB, withDatabase } from './global-setup.js';
import { makeTestTempDir } from './temp-dirs.js';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  env: Env;
  /** Connection settings of this file's database (a second pool = a second portal process). */
  poolConfig: pg.PoolConfig;
  dataDir: string;
  /** Runs every job that is due now (mails queued by the requests so far, …), then returns. */
  runJobs: () => Promise<void>;
  /** Logs in and returns the bearer token. */
  login: (userType: 'admin' | 'customer', email: string, password: string) => Promise<string>;
  /** app.inject with an optional bearer token. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
};

/**
 * Connections of the app's pool. `TEST_POOL_MAX=1 npm run test:unit` runs every API test on
 * a pool of one connection: code that takes a second connection while it holds one (a query
 * on `db` inside `db.transaction`) then waits for itself until the pool's wait runs out (10 s)
 * and fails, instead of passing unnoticed until a burst of requests stalls the portal
 * (decision 0505).
 */
export const TEST_POOL_MAX = Number(process.env.TEST_POOL_MAX) || undefined;

export type TestContextOptions = {
  poolMax?: number;
  /** Where the app's log goes, with the portal's own logger options at level `debug` (default: no log). */
  logStream?: Writable;
  /** A built web app to serve (pages, brand injection); none by default. */
  webDist?: string;
};

/** A fresh database cloned from the migrated template, and an app on it; closed after the file. */
export async function createTestContext(
  envOverrides: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const adminConfig = inject('pgConfig') as pg.PoolConfig;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminConfig);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  // A test database need not survive a power cut: commits skip the WAL flush (fsync stays on).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const poolConfig = withDatabase(adminConfig, name);
  const poolMax = options.poolMax ?? TEST_POOL_MAX;
  const db = createDatabase(poolMax ? { ...poolConfig, max: poolMax } : poolConfig, () => {});
  const dataDir = await makeTestTempDir('app');
  // Registered before anything can fail, so a failed start leaves nothing behind either
  // (test/cleanup.ts: an afterAll inside the caller's beforeAll would never run).
  let app: FastifyInstance | undefined;
  registerCleanup(async () => {
    await app?.close();
    await db.$client.end();
    await fs.rm(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client(adminConfig);
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...envOverrides });
  app = await buildApp({
    db,
    env,
    webDist: options.webDist,
    logger: options.logStream ? loggerOptions({ LOG_LEVEL: 'debug' }, options.logStream) : false,
  });
  await app.ready();
  const ready = app;

  const request: TestContext['request'] = async ({ token, ...options }) =>
    ready.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const login: TestContext['login'] = async (userType, email, password) => {
    const res = await ready.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, user_type: userType },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token;
  };

  const runJobs = () => runDueJobs({ db, env });

  return { app: ready, db, env, poolConfig, dataDir, request, login, runJobs };
}

/** Hashing is slow on purpose; tests share one hash per password. */
const hashCache = new Map<string, Promise<string>>();
export function cachedHash(password: string): Promise<string> {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  return hashCache.get(password)!;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { type Env, readEnv } from '../src/env.js';
import { hashPassword } from '../src/lib/passwords.js';
import { runDueJobs } from '../src/modules/jobs/job-runner.js';
import { TEMPLATE_DB, withDatabase } from './global-setup.js';

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

/** A fresh database cloned from the migrated template, and an app on it; closed after the file. */
export async function createTestContext(envOverrides: Record<string, string> = {}): Promise<TestContext> {
  const adminConfig = inject('pgConfig') as pg.PoolConfig;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminConfig);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const poolConfig = withDatabase(adminConfig, name);
  const db = createDatabase(poolConfig, () => {});
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'butler-test-'));
  const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...envOverrides });
  const app = await buildApp({ db, env });
  await app.ready();

  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await fs.rm(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client(adminConfig);
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });

  const request: TestContext['request'] = async ({ token, ...options }) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const login: TestContext['login'] = async (userType, email, password) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, user_type: userType },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token;
  };

  const runJobs = () => runDueJobs({ db, env });

  return { app, db, env, poolConfig, dataDir, request, login, runJobs };
}

/** Hashing is slow on purpose; tests share one hash per password. */
const hashCache = new Map<string, Promise<string>>();
export function cachedHash(password: string): Promise<string> {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  return hashCache.get(password)!;
}

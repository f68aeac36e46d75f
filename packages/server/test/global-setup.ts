import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.js';
import { EmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { sweepStaleTestDirs } from './temp-dirs.js';

export const TEMPLATE_DB = 'butler_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgConfig: pg.PoolConfig;
  }
}

/**
 * One PostgreSQL per test run: Debian's (or any) server through TEST_DATABASE_URL, else
 * the embedded one in a temporary folder. A migrated template database is created once;
 * every test file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  // Leftovers of earlier runs that failed or were interrupted.
  await sweepStaleTestDirs();
  let embedded: EmbeddedPostgres | undefined;
  let adminConfig: pg.PoolConfig;
  let dataDir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    adminConfig = { connectionString: process.env.TEST_DATABASE_URL };
  } else {
    dataDir = path.resolve('.tmp', `test-pg-${process.pid}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    embedded = new EmbeddedPostgres({ dataDir });
    adminConfig = await embedded.start();
  }
  const client = new pg.Client(adminConfig);
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateConfig = withDatabase(adminConfig, TEMPLATE_DB);
  const db = createDatabase(templateConfig, () => {});
  await migrateDatabase(db);
  await db.$client.end();
  await client.end();
  project.provide('pgConfig', adminConfig as any);

  return async () => {
    if (!embedded) {
      // A shared server (TEST_DATABASE_URL) keeps nothing of this run; the clones dropped themselves.
      const cleanup = new pg.Client(adminConfig);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await cleanup.end();
    }
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    // The workers have ended: whatever folder of theirs is left (a file whose teardown failed) goes now.
    await sweepStaleTestDirs();
  };
}

export function withDatabase(config: pg.PoolConfig, database: string): pg.PoolConfig {
  if (config.connectionString) {
    const url = new URL(config.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...config, database };
}

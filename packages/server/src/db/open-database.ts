import pg, { type PoolConfig } from 'pg';
import type { Env } from '../env.js';
import { createDatabase, type Database } from './client.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { migrateDatabase } from './migrate.js';

export type OpenedDatabase = { db: Database; close: () => Promise<void>; kind: 'embedded' | 'external' };

/** The portal's own database `butler` inside the embedded cluster, created on first use. */
export async function ensurePortalDatabase(base: PoolConfig): Promise<PoolConfig> {
  const admin = new pg.Client({ ...base, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'butler'`);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE butler');
  } finally {
    await admin.end();
  }
  return { ...base, database: 'butler' };
}

/** DATABASE_URL if set, else the embedded server in DATA_DIR; migrated either way. */
export async function openDatabase(env: Env, log: (line: string) => void): Promise<OpenedDatabase> {
  let config: PoolConfig;
  let embedded: EmbeddedPostgres | undefined;
  if (env.DATABASE_URL) {
    config = { connectionString: env.DATABASE_URL };
  } else {
    embedded = new EmbeddedPostgres({ dataDir: env.DATA_DIR, log: (line) => log(`[postgres] ${line}`) });
    const base = await embedded.start();
    try {
      config = await ensurePortalDatabase(base);
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  const db = createDatabase(config, (error) => log(`[pool] ${error.message}`));
  try {
    await migrateDatabase(db);
  } catch (error) {
    await db.$client.end().catch(() => {});
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    kind: embedded ? 'embedded' : 'external',
    close: async () => {
      await db.$client.end().catch(() => {});
      await embedded?.stop();
    },
  };
}

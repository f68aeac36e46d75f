import type { PoolConfig } from 'pg';
import type { Env } from '../env.js';
import { createDatabase, type Database } from './client.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { migrateDatabase } from './migrate.js';

export type OpenedDatabase = { db: Database; close: () => Promise<void>; kind: 'embedded' | 'external' };

/** DATABASE_URL if set, else the embedded server in DATA_DIR; migrated either way. */
export async function openDatabase(env: Env, log: (line: string) => void): Promise<OpenedDatabase> {
  let config: PoolConfig;
  let embedded: EmbeddedPostgres | undefined;
  if (env.DATABASE_URL) {
    config = { connectionString: env.DATABASE_URL };
  } else {
    embedded = new EmbeddedPostgres({ dataDir: env.DATA_DIR, log: (line) => log(`[postgres] ${line}`) });
    const base = await embedded.start();
    config = { ...base, database: 'postgres' };
    // The portal's own database inside the embedded cluster.
    const { default: pg } = await import('pg');
    const admin = new pg.Client(base);
    await admin.connect();
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'butler'`);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE butler');
    await admin.end();
    config = { ...base, database: 'butler' };
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

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import type { Database } from './client.js';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Applies the committed migrations (drizzle runs them in one transaction), the singleton
 * rows and the job queue's own schema `graphile_worker` (its migrations ship with the
 * package), so jobs can be enqueued in any transaction from the first request on.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await runMigrations({ pgPool: db.$client, logger: new Logger(() => () => {}) });
  await db.execute(sql`INSERT INTO referral_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO dashboard_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO provider_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
}

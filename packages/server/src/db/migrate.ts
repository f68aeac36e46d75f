import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Applies the committed migrations (drizzle runs them in one transaction) and the singleton rows. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await db.execute(sql`INSERT INTO referral_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO dashboard_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO provider_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
}

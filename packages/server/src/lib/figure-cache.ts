import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type Entry = { version: number; value: unknown };

/**
 * Caches expensive aggregate answers (admin dashboard figures) until the data they are
 * computed from changes. Statement triggers bump `data_version` on every write to
 * customers, subscriptions, hour packages, time entries and dashboard settings
 * (migrations 0004, 0011; the version is the sum of 16 slot rows, decision 0347), so a
 * cached answer is exact, never stale. The version is read
 * before computing: a write during the computation leaves an older version behind and
 * the next call computes again. Each process keeps its own cache.
 */
export function createFigureCache(maxEntries = 200) {
  const entries = new Map<string, Entry>();
  return async function cached<T>(db: Database, key: string, compute: () => Promise<T>): Promise<T> {
    const result = await db.execute(
      sql`SELECT sum(version)::bigint AS version, current_database() AS database FROM data_version`,
    );
    const row = result.rows[0] as { version: number; database: string } | undefined;
    const version = Number(row?.version ?? -1);
    // One process may talk to several databases (tests, tools): keep their entries apart.
    const fullKey = `${row?.database ?? ''}:${key}`;
    const hit = entries.get(fullKey);
    if (hit && hit.version === version) return hit.value as T;
    const value = await compute();
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(fullKey, { version, value });
    return value;
  };
}

/** The process-wide cache of the dashboard figures. */
export const dashboardFigureCache = createFigureCache();

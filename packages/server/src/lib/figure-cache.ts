import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type Entry = { version: number; value: unknown };

/** The current data_version (see createFigureCache). */
export async function readDataVersion(db: Database): Promise<number> {
  const result = await db.execute(sql`SELECT sum(version)::bigint AS version FROM data_version`);
  return Number((result.rows[0] as { version: number } | undefined)?.version ?? -1);
}

/**
 * Caches answers computed from the database until the data they are computed from
 * changes. Statement triggers bump `data_version` on every write to customers,
 * subscriptions, hour packages, time entries, projects and the dashboard, referral and
 * provider settings (migrations 0004, 0011 and 0013; the version is the sum of 16 slot rows,
 * decision 0347), so a cached answer is exact, never stale.
 * The version is read before computing: a write during the computation leaves an older
 * version behind and the next call computes again.
 *
 * `knownVersion` is a version the caller read in this request already (the session
 * lookup reads it in the same query, decision 0400), which saves one round trip. Each
 * process keeps its own cache, one per database handle (tests talk to several databases).
 */
export function createFigureCache(maxEntries = 200) {
  const byDatabase = new WeakMap<Database, Map<string, Entry>>();
  return async function cached<T>(
    db: Database,
    key: string,
    compute: () => Promise<T>,
    knownVersion?: number,
  ): Promise<T> {
    const version = knownVersion ?? (await readDataVersion(db));
    let entries = byDatabase.get(db);
    if (!entries) {
      entries = new Map();
      byDatabase.set(db, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = await compute();
    // A slower request that read an older version must not replace a newer answer.
    const current = entries.get(key);
    if (current && current.version > version) return value;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { version, value });
    return value;
  };
}

/** The process-wide cache of the dashboard figures. */
export const dashboardFigureCache = createFigureCache();

/** Serialised lounge answers (dashboard, subscription) per customer and day; ~10 KB each. */
export const customerAnswerCache = createFigureCache(5_000);

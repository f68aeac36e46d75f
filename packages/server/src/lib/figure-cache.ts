import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { SessionContext } from './access.js';

type Entry = { version: number; value: unknown };

/** The current data_version (see createFigureCache). */
export async function readDataVersion(db: Database): Promise<number> {
  const result = await db.execute(sql`SELECT sum(version)::bigint AS version FROM data_version`);
  return Number((result.rows[0] as { version: number } | undefined)?.version ?? -1);
}

/**
 * Caches answers computed from the database until the data they are computed from
 * changes. Statement triggers bump `data_version` on every write to customers,
 * subscriptions, hour packages, time entries, projects, visits and the dashboard, referral,
 * provider and visit settings (migrations 0004, 0011, 0013 and 0044; the version is the sum
 * of 16 slot rows, decision 0347), so a cached answer is exact, never stale.
 * The version is read before computing: a write during the computation leaves an older
 * version behind and the next call computes again.
 *
 * `knownVersion` is a version the caller read in this request already (the session
 * lookup reads it in the same query, decision 0400), which saves one round trip. Each
 * process keeps its own cache, one per database handle (tests talk to several databases).
 *
 * Requests that miss at the same time share one computation: the first starts it, the others
 * wait for its answer when they read the same version (decision 0403). Without that, a write
 * followed by twenty admins or a burst of customers opening the same page ran the same
 * aggregate twenty times in parallel (two seconds each at ten times the data).
 */
export function createFigureCache(maxEntries = 200) {
  type State = { entries: Map<string, Entry>; running: Map<string, { version: number; value: Promise<unknown> }> };
  const byDatabase = new WeakMap<Database, State>();
  return async function cached<T>(
    db: Database,
    key: string,
    compute: () => Promise<T>,
    knownVersion?: number,
  ): Promise<T> {
    const version = knownVersion ?? (await readDataVersion(db));
    let state = byDatabase.get(db);
    if (!state) {
      state = { entries: new Map(), running: new Map() };
      byDatabase.set(db, state);
    }
    const { entries, running } = state;
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const inFlight = running.get(key);
    if (inFlight && inFlight.version === version) return inFlight.value as Promise<T>;

    const value = compute();
    running.set(key, { version, value });
    try {
      const answer = await value;
      // A slower request that read an older version must not replace a newer answer.
      const current = entries.get(key);
      if (current && current.version > version) return answer;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { version, value: answer });
      return answer;
    } finally {
      // A failed computation is not kept: the next request tries again.
      if (running.get(key)?.value === value) running.delete(key);
    }
  };
}

/** The process-wide cache of the dashboard figures. */
export const dashboardFigureCache = createFigureCache();

/**
 * A customer's answer version: the settings every customer reads (row 0 of
 * customer_data_versions) plus the customer's own row, which statement triggers bump on every
 * write the customer's answers show (migration 0015, decision 0560). Both only grow, so an
 * unchanged sum means neither moved. A booking for one customer leaves every other
 * customer's answers valid.
 */
export async function readCustomerVersion(db: Database, customerId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT coalesce(sum(version), 0)::bigint AS version FROM customer_data_versions WHERE customer_id IN (0, ${customerId})`,
  );
  return Number((result.rows[0] as { version: number }).version);
}

const customerAnswers = createFigureCache(5_000);

/**
 * Serialised answers of one customer (lounge dashboard, subscription, QR code), ~10 KB each,
 * valid while that customer's version is unchanged. A customer asking for their own answers
 * brings the version with the session (no extra query); anyone else (an admin) costs one
 * primary-key lookup.
 */
export async function customerAnswerCache<T>(
  db: Database,
  customerId: number,
  key: string,
  compute: () => Promise<T>,
  session: SessionContext | null | undefined,
): Promise<T> {
  const own = session?.customerId === customerId ? session.customerVersion : undefined;
  const version = own ?? (await readCustomerVersion(db, customerId));
  return customerAnswers(db, `${customerId}:${key}`, compute, version);
}

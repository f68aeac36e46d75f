import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

// numeric and date columns arrive as strings (exact); bigint counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** One pool per process; `pool.on('error')` keeps a dying server from crashing Node. */
export function createDatabase(config: pg.PoolConfig, onError: (error: Error) => void): Database {
  const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, ...config });
  pool.on('error', onError);
  // Errors of checked-out clients too (graphile-worker holds one for LISTEN and checks this).
  pool.on('connect', (client) => client.on('error', onError));
  return drizzle(pool, { schema }) as Database;
}

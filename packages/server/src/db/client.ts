import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

// numeric and date columns arrive as strings (exact); bigint counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * How long a request waits for a connection (new or from the pool) before it answers 503:
 * an unreachable server must not hang requests for 10 s (decision 0345).
 */
export const CONNECT_TIMEOUT_MS = 1_500;

class FastFailClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    const options = typeof config === 'string' ? { connectionString: config } : (config ?? {});
    // pg-pool keeps the password as a non-enumerable property; a spread alone would drop it.
    super({ ...options, password: options.password, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** One pool per process; `pool.on('error')` keeps a dying server from crashing Node. */
export function createDatabase(config: pg.PoolConfig, onError: (error: Error) => void): Database {
  const pool = new pg.Pool({
    max: 10,
    idleTimeoutMillis: 30_000,
    // Waiting for a free connection under load is not a fault: up to 10 s in the queue …
    connectionTimeoutMillis: 10_000,
    // … but opening one to a server that does not answer gives up after CONNECT_TIMEOUT_MS.
    Client: FastFailClient,
    // A server that vanished without closing the socket (network cut) is noticed, not waited on.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...config,
  });
  pool.on('error', onError);
  // Errors of checked-out clients too (graphile-worker holds one for LISTEN and checks this).
  pool.on('connect', (client) => client.on('error', onError));
  return drizzle(pool, { schema }) as Database;
}

import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries run on: the pool or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Independent reads side by side on the pool (each on a connection of its own), one after
 * another inside a transaction: a transaction has one connection, and node-postgres
 * deprecates queueing a query on a client that is still busy (pg 9 will refuse it).
 */
export async function readTogether<T extends readonly unknown[]>(
  executor: Executor,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (!(executor instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

import type { Database } from './client.js';

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the pool or a transaction (pass the caller's `tx` to join its commit). */
export type Executor = Database | Transaction;

import type { Database } from './client.js';

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries run on: the pool or an open transaction. */
export type Executor = Database | Transaction;

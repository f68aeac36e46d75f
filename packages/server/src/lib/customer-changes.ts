import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.js';

/**
 * Which customers' figures changed since a reader last looked (decision 0813). Every bump of
 * `customer_data_versions` records the transaction that made it (migration 0034). A reader
 * notes the oldest transaction still running when its snapshot was taken (`mark`): every
 * transaction before it had finished, so its writes were in that snapshot. Next time the
 * reader asks only for rows bumped by the mark's transaction or a later one, which also
 * catches the writers that had not committed yet. Both queries must run in one
 * REPEATABLE READ transaction, the mark first, so that they see one snapshot.
 */
export type ChangeMark = { mark: string; settingsVersion: number };

/** The snapshot's mark and the version of the settings every customer's figures read (row 0). */
export async function readChangeMark(tx: Executor): Promise<ChangeMark> {
  const result = await tx.execute(sql`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS mark,
           coalesce((SELECT version FROM customer_data_versions WHERE customer_id = 0), 0)::bigint AS settings`);
  const row = result.rows[0] as { mark: string; settings: string | number };
  return { mark: row.mark, settingsVersion: Number(row.settings) };
}

/** The customers whose figures a transaction from `mark` on changed (settings row 0 not included). */
export async function customersChangedSince(tx: Executor, mark: string): Promise<number[]> {
  const result = await tx.execute(sql`
    SELECT customer_id FROM customer_data_versions WHERE changed_xid >= ${mark}::xid8 AND customer_id > 0`);
  return (result.rows as { customer_id: number }[]).map((r) => r.customer_id);
}

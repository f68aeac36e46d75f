import type { OrderEvent } from '@butler/contract/orders';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';

/** The PostgreSQL channel every portal process listens on for Aufträge (decision 0810). */
export const ORDER_EVENTS_CHANNEL = 'butler_orders';

/**
 * Tells every portal process that an Auftrag was filed, answered or changed. Called inside the
 * transaction that made the change: PostgreSQL delivers the notification only at its commit,
 * so no process hears of a change that was rolled back.
 */
export async function notifyOrderEvent(executor: Executor, event: OrderEvent): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

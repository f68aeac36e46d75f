import type { Database } from '../src/db/client.js';
import { orders } from '../src/db/schema/index.js';

/**
 * An Auftrag written straight into the table, for tests of the parts around it (attachments,
 * the event stream) that do not go through filing one.
 */
export async function insertOrder(db: Database, customerId: number, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await db
    .insert(orders)
    .values({ customerId, title: 'Lampe im Flur tauschen', ...values })
    .returning();
  return row;
}

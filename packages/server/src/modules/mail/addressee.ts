import type { Addressee } from '@butler/contract/voice';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';

/** Whom a customer mail greets: the names and salutation of the record (decision 0620); null if gone. */
export async function customerAddressee(executor: Executor, customerId: number | null): Promise<Addressee | null> {
  if (customerId === null) return null;
  const [row] = await executor
    .select({ firstName: customers.firstName, lastName: customers.lastName, salutation: customers.salutation })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) return null;
  return row;
}

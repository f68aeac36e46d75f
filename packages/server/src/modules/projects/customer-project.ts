import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { projects } from '../../db/schema/index.js';
import { fieldError } from '../../lib/errors.js';

/**
 * A project named for a customer (a time entry, a timer) must be that customer's. An
 * unknown id and another customer's project get the same answer (decision 0705): whoever
 * may book for one customer cannot tell which ids exist for others.
 */
export const NOT_THIS_CUSTOMERS_PROJECT = 'Dieses Projekt gibt es bei diesem Kunden nicht';

export async function requireProjectOf(executor: Executor, customerId: number, projectId: number) {
  const [project] = await executor
    .select({ customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project || project.customerId !== customerId) throw fieldError('project_id', NOT_THIS_CUSTOMERS_PROJECT);
}

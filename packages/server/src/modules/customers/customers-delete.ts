import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

type Counts = {
  projects: number;
  time_entries: number;
  hour_packages: number;
  subscriptions: number;
  wiki_entries: number;
  kept_invoices: number;
};

/**
 * Deletes a customer with everything that only makes sense with them (decision 0100):
 * projects, time entries, hour packages, subscriptions, wiki entries and sessions go
 * by the schema's cascades; invoices stay with their recipient snapshot (§132 BAO) and
 * lose only the link. Answers what went, so the screen can say it.
 */
export async function deleteCustomer(db: Database, session: SessionContext, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
    if (!before) throw new AppError('CUSTOMER_NOT_FOUND');
    const result = await tx.execute<Counts>(sql`
      SELECT
        (SELECT count(*) FROM projects WHERE customer_id = ${id})::int AS projects,
        (SELECT count(*) FROM time_entries WHERE customer_id = ${id})::int AS time_entries,
        (SELECT count(*) FROM hour_packages WHERE customer_id = ${id})::int AS hour_packages,
        (SELECT count(*) FROM subscriptions WHERE customer_id = ${id})::int AS subscriptions,
        (SELECT count(*) FROM wiki_entries WHERE customer_id = ${id})::int AS wiki_entries,
        (SELECT count(*) FROM invoices WHERE customer_id = ${id})::int AS kept_invoices`);
    const { kept_invoices, ...deleted } = result.rows[0];
    // Entries are removed before projects so the composite project key never blocks the cascade order.
    await tx.execute(sql`DELETE FROM time_entries WHERE customer_id = ${id}`);
    await tx.delete(customers).where(eq(customers.id, id));
    await writeAudit(tx, session, 'delete', 'customer', id, { ...before, deleted, kept_invoices }, null);
    return { deleted, kept_invoices };
  });
}

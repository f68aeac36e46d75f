import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
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
 * lose only the link, and so do ledger entries, SEPA mandates (an active one is revoked) and
 * bank entries (seven years, decision 0821). Answers what went, so the screen can say it.
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
    await revokeMandatesOf(tx, id, 'Kunde gelöscht');
    await tx.delete(customers).where(eq(customers.id, id));
    await writeAudit(tx, session, 'delete', 'customer', id, { ...before, deleted, kept_invoices }, null);
    return { deleted, kept_invoices };
  });
}

/**
 * A deleted or erased customer's mandates stay (§ 132 BAO and the SEPA rulebook: the proof
 * of each collection, decision 0821), without the customer link; an active one is revoked.
 */
export async function revokeMandatesOf(tx: Transaction, customerId: number, reason: string) {
  await tx.execute(sql`
    UPDATE sepa_mandates SET status = 'revoked', status_reason = ${reason}, status_changed_at = now()
    WHERE customer_id = ${customerId} AND status = 'active'`);
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customerStaff, customers } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';

/**
 * Sets a customer's "Betreuer" (decision 0540). A Butler added here reaches the customer
 * from their next request on, one removed loses them at once; the change is audited
 * under the customer. The customer row is locked, so two parallel changes apply one
 * after the other and the last one wins whole.
 */
export async function setCustomerStaff(db: Database, session: SessionContext, customerId: number, staffIds: number[]) {
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    const chosen = staffIds.length
      ? await tx
          .select({ id: admins.id, username: admins.username, isActive: admins.isActive })
          .from(admins)
          .where(inArray(admins.id, staffIds))
      : [];
    if (chosen.length !== staffIds.length || chosen.some((a) => !a.isActive)) {
      throw fieldError('staff_ids', 'Bitte wählen Sie nur aktive Mitarbeiter als Betreuer');
    }
    const before = await tx
      .select({ adminId: customerStaff.adminId, username: admins.username })
      .from(customerStaff)
      .innerJoin(admins, eq(admins.id, customerStaff.adminId))
      .where(eq(customerStaff.customerId, customerId));
    const had = new Set(before.map((b) => b.adminId));
    const wanted = new Set(staffIds);
    const removed = before.filter((b) => !wanted.has(b.adminId)).map((b) => b.adminId);
    const added = staffIds.filter((id) => !had.has(id));
    if (removed.length === 0 && added.length === 0) return;
    if (removed.length) {
      await tx
        .delete(customerStaff)
        .where(and(eq(customerStaff.customerId, customerId), inArray(customerStaff.adminId, removed)));
    }
    if (added.length) {
      await tx
        .insert(customerStaff)
        .values(added.map((adminId) => ({ customerId, adminId })))
        .onConflictDoNothing();
    }
    const names = (rows: Array<{ username: string }>) => rows.map((r) => r.username).sort();
    await writeAudit(
      tx,
      session,
      'assign_staff',
      'customer',
      customerId,
      { staff: names(before) },
      { staff: names(chosen) },
    );
  });
}

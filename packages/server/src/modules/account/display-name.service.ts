import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, timeEntries } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

/**
 * A staff member sets their own display name (decision 0622). Their bookings carry it from
 * then on ("gebucht von", "Erstellt von"): the time entries they booked are renamed in the
 * same transaction, which also tells the answer caches (the entries' triggers bump the
 * versions). The Protokoll and the reveal log read the name through the account's id.
 */
export async function setDisplayName(db: Database, session: SessionContext, name: string) {
  if (session.userType !== 'admin' || !session.adminId) throw new AppError('FORBIDDEN');
  const adminId = session.adminId;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: admins.name }).from(admins).where(eq(admins.id, adminId));
    if (!before) throw new AppError('NOT_FOUND', 'Konto nicht gefunden');
    if (before.name === name) return { name };
    await tx.update(admins).set({ name }).where(eq(admins.id, adminId));
    await tx
      .update(timeEntries)
      .set({ createdBy: name })
      .where(and(eq(timeEntries.createdByAdminId, adminId), ne(timeEntries.createdBy, name)));
    await writeAudit(tx, session, 'update', 'admin', adminId, { name: before.name }, { name });
    return { name };
  });
}

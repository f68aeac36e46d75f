import type { StaffEmailUpdate } from '@butler/contract/staff';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { ACCOUNT_FAILURES, accountKey, createLoginThrottle } from '../auth/login-throttle.js';
import { notifySecurityChange } from '../auth/security-notice.service.js';

/**
 * Sets the e-mail address of a staff account (decision 0756): one's own under "Konto &
 * Sicherheit", anyone's for an Inhaber under "Mitarbeiter". Reset links go to this address,
 * so the change is confirmed with the password of whoever makes it (a borrowed session
 * cannot redirect them), counted like every password check (decision 0500); the old and
 * the new address are told.
 */
export function createStaffEmail(db: Database) {
  const throttle = createLoginThrottle(db);

  return async function setStaffEmail(session: SessionContext, targetId: number, input: StaffEmailUpdate) {
    if (session.userType !== 'admin' || !session.adminId) throw new AppError('FORBIDDEN');
    if (targetId !== session.adminId) assertCan(session, 'staff.manage');
    const [me] = await db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, session.adminId));
    if (!me) throw new AppError('NOT_AUTHENTICATED');
    const reservation = await throttle.reserve([
      { key: accountKey({ userType: 'admin', id: session.adminId }), max: ACCOUNT_FAILURES },
    ]);
    if (!(await verifyPassword(me.hash, input.current_password))) {
      throw fieldError('current_password', 'Das Passwort ist falsch');
    }
    await reservation.release();
    const email = input.email.trim();
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ email: admins.email })
        .from(admins)
        .where(eq(admins.id, targetId))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
      if (before.email === email) return { email };
      await tx.update(admins).set({ email }).where(eq(admins.id, targetId));
      await writeAudit(tx, session, 'update', 'admin', targetId, { email: before.email }, { email });
      const owner = { userType: 'admin' as const, id: targetId };
      if (before.email) await notifySecurityChange(tx, owner, 'email_change', { to: before.email });
      await notifySecurityChange(tx, owner, 'email_change');
      return { email };
    });
  };
}

export type SetStaffEmail = ReturnType<typeof createStaffEmail>;

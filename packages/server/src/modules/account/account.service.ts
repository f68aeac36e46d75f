import type { PasswordChange } from '@butler/contract/account';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, auditLog, customers, securitySettings, sessions, wikiEntries } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { ACCOUNT_FAILURES, accountKey, createLoginThrottle } from '../auth/login-throttle.js';
import { storeNewPassword } from '../auth/new-password.js';
import { notifySecurityChange } from '../auth/security-notice.service.js';
import { endSessions, liveSessions, type Owner } from '../auth/sessions.service.js';
import type { TwoFactor } from '../auth/two-factor.service.js';
import { setDisplayName } from './display-name.service.js';

export const ownerOfSession = (session: SessionContext): Owner =>
  session.userType === 'admin'
    ? { userType: 'admin', id: session.adminId! }
    : { userType: 'customer', id: session.customerId! };

/** "Mein Konto" / "Konto & Sicherheit" of the signed-in person. */
export function createAccountService(db: Database, twoFactor: TwoFactor) {
  const throttle = createLoginThrottle(db);

  async function loadAccount(owner: Owner) {
    if (owner.userType === 'admin') {
      const [row] = await db.select().from(admins).where(eq(admins.id, owner.id));
      if (!row) throw new AppError('NOT_AUTHENTICATED');
      return { hash: row.passwordHash, context: [row.username, row.name, row.email], loginName: row.username, row };
    }
    const [row] = await db.select().from(customers).where(eq(customers.id, owner.id));
    if (!row) throw new AppError('NOT_AUTHENTICATED');
    return { hash: row.passwordHash, context: [row.firstName, row.lastName, row.email], loginName: row.email, row };
  }

  return {
    /** "Anzeigename" under Konto (staff, decision 0622). */
    setDisplayName: (session: SessionContext, name: string) => setDisplayName(db, session, name),

    async get(session: SessionContext) {
      const owner = ownerOfSession(session);
      if (owner.userType === 'admin') {
        const [row] = await db.select().from(admins).where(eq(admins.id, owner.id));
        const [settings] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
        return {
          user_type: 'admin' as const,
          name: row.name || row.username,
          username: row.username,
          email: row.email,
          totp_enabled: row.totpSecret !== null,
          totp_required: settings?.requireStaffTotp ?? false,
          recovery_codes_left: row.totpSecret ? await twoFactor.recoveryCodesLeft(row.id) : 0,
        };
      }
      const [row] = await db.select().from(customers).where(eq(customers.id, owner.id));
      return {
        user_type: 'customer' as const,
        name: `${row.firstName} ${row.lastName}`,
        username: null,
        email: row.email,
        totp_enabled: false,
        totp_required: false,
        recovery_codes_left: 0,
      };
    },

    /** Own password change: the current password is required; every other session ends. */
    async changePassword(session: SessionContext, input: PasswordChange) {
      const owner = ownerOfSession(session);
      const account = await loadAccount(owner);
      // The account's own failure count, reserved before the check (a stolen session must not
      // guess the password, not even in parallel); the address key is left out so a typo in a
      // signed-in form cannot lock out a shared office address (decision 0500).
      const reservation = await throttle.reserve([{ key: accountKey(owner), max: ACCOUNT_FAILURES }]);
      if (!(await verifyPassword(account.hash, input.current_password))) {
        throw fieldError('current_password', 'Das aktuelle Passwort ist falsch');
      }
      await reservation.release();
      if (input.new_password === input.current_password) {
        throw fieldError('new_password', 'Das neue Passwort muss sich vom aktuellen unterscheiden');
      }
      await db.transaction(async (tx) => {
        await storeNewPassword(tx, owner, input.new_password, account.context, 'new_password');
        await writeAudit(tx, session, 'password_change', owner.userType, owner.id, { password: 1 }, { password: 2 });
        await endSessions(tx, owner, session, session.sessionId);
        await notifySecurityChange(tx, owner, 'password_change');
      });
    },

    async sessions(session: SessionContext) {
      const rows = await liveSessions(db, ownerOfSession(session));
      return rows.map((row) => ({
        id: row.id,
        browser: describeUserAgent(row.userAgent),
        address: row.clientAddress,
        signed_in_at: row.createdAt.toISOString(),
        last_active_at: row.lastSeenAt.toISOString(),
        current: row.id === session.sessionId,
      }));
    },

    /** Ends one of one's own sessions (another device); unknown or foreign ids are 404. */
    async endSession(session: SessionContext, sessionId: string) {
      const owner = ownerOfSession(session);
      const ownerColumn = owner.userType === 'admin' ? sessions.adminId : sessions.customerId;
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.id, sessionId), eq(ownerColumn, owner.id), sql`${sessions.revokedAt} IS NULL`))
          .returning({ id: sessions.id });
        if (ended.length === 0) throw new AppError('NOT_FOUND', 'Diese Anmeldung gibt es nicht (mehr)');
        await writeAudit(tx, session, 'session_end', owner.userType, owner.id, { sessions: 1 }, { sessions: 0 });
      });
    },

    async endOtherSessions(session: SessionContext) {
      return db.transaction((tx) => endSessions(tx, ownerOfSession(session), session, session.sessionId));
    },

    /** When which staff member revealed one of a customer's stored passwords. */
    async reveals(customerId: number) {
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          staffName: auditLog.actorName,
          staffFullName: admins.name,
          entryId: wikiEntries.id,
          entryTitle: wikiEntries.title,
        })
        .from(auditLog)
        .leftJoin(wikiEntries, eq(sql`${wikiEntries.id}::text`, auditLog.entityId))
        .leftJoin(admins, and(eq(auditLog.actorType, 'admin'), eq(admins.id, auditLog.actorId)))
        .where(
          and(eq(auditLog.customerId, customerId), eq(auditLog.action, 'reveal'), eq(auditLog.entity, 'wiki_entry')),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        staff_name: r.staffFullName || r.staffName,
        entry_id: r.entryId,
        entry_title: r.entryTitle,
      }));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

import { grantsFor, isStaffRole } from '@butler/contract/permissions';
import type { SecuritySettings, StaffMember } from '@butler/contract/staff';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customerStaff, securitySettings, sessions } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { endSessions } from '../auth/sessions.service.js';
import type { TwoFactor } from '../auth/two-factor.service.js';

type AdminRow = typeof admins.$inferSelect;

export const LAST_OWNER_ACTIVE = 'Der letzte aktive Inhaber kann nicht deaktiviert werden';
export const LAST_OWNER_ROLE = 'Der letzte aktive Inhaber muss Inhaber bleiben';

/** Whether another active Inhaber who can sign in (password set) remains besides `id`. */
export const otherActiveOwner = (all: AdminRow[], id: number) =>
  all.some((a) => a.id !== id && a.isActive && a.role === 'owner' && a.passwordHash !== null);

/** A staff account as the list shows it; never the hash or the 2FA secret. */
export function presentStaff(row: AdminRow, counts: Counts, selfId: number | null): StaffMember {
  const role = isStaffRole(row.role) ? row.role : 'butler';
  return {
    id: row.id,
    username: row.username,
    name: row.name || row.username,
    email: row.email,
    role,
    grants: grantsFor(role, row.grants),
    customer_count: counts.customers.get(row.id) ?? 0,
    is_active: row.isActive,
    invitation_pending: row.passwordHash === null,
    totp_enabled: row.totpSecret !== null,
    active_sessions: counts.sessions.get(row.id) ?? 0,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    is_self: row.id === selfId,
  };
}

/** What the audit log keeps of a staff account (no secrets). */
export const auditedStaff = (row: AdminRow) => ({
  username: row.username,
  name: row.name,
  email: row.email,
  isActive: row.isActive,
  role: row.role,
  grants: row.grants,
});

type Counts = { sessions: Map<number, number>; customers: Map<number, number> };

/** "Einstellungen → Mitarbeiter" (docs/decisions/0301-staff-accounts.md). */
export function createStaffService(db: Database, twoFactor: TwoFactor) {
  async function load(id: number) {
    const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
    return row;
  }

  async function counts(): Promise<Counts> {
    const [live, assigned] = await Promise.all([
      db
        .select({ adminId: sessions.adminId, n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(
          and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), sql`${sessions.adminId} IS NOT NULL`),
        )
        .groupBy(sessions.adminId),
      db
        .select({ adminId: customerStaff.adminId, n: sql<number>`count(*)::int` })
        .from(customerStaff)
        .groupBy(customerStaff.adminId),
    ]);
    return {
      sessions: new Map(live.map((r) => [r.adminId!, r.n])),
      customers: new Map(assigned.map((r) => [r.adminId, r.n])),
    };
  }

  return {
    load,

    async list(session: SessionContext) {
      const rows = await db
        .select()
        .from(admins)
        .orderBy(asc(sql`lower(coalesce(nullif(${admins.name}, ''), ${admins.username}))`));
      const found = await counts();
      return rows.map((row) => presentStaff(row, found, session.adminId));
    },

    async present(id: number, session: SessionContext) {
      const row = await load(id);
      return presentStaff(row, await counts(), session.adminId);
    },

    /**
     * Deactivate or reactivate. Nobody deactivates themselves; the last active Inhaber stays
     * active (checked under a lock on every staff row, so two Inhaber deactivating each other
     * at the same moment cannot both succeed). Deactivation ends the person's sessions.
     */
    async setActive(session: SessionContext, id: number, isActive: boolean) {
      if (!isActive && id === session.adminId) {
        throw new AppError('CONFLICT', 'Sie können sich nicht selbst deaktivieren');
      }
      await db.transaction(async (tx) => {
        const all = await tx.select().from(admins).orderBy(asc(admins.id)).for('update');
        const before = all.find((a) => a.id === id);
        if (!before) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
        if (before.isActive === isActive) return;
        if (!isActive && before.role === 'owner' && !otherActiveOwner(all, id)) {
          throw new AppError('CONFLICT', LAST_OWNER_ACTIVE);
        }
        const [after] = await tx.update(admins).set({ isActive }).where(eq(admins.id, id)).returning();
        await writeAudit(
          tx,
          session,
          isActive ? 'activate' : 'deactivate',
          'admin',
          id,
          auditedStaff(before),
          auditedStaff(after),
        );
        if (!isActive) await endSessions(tx, { userType: 'admin', id }, session);
      });
    },

    /** "Anmeldungen beenden": ends every session of a staff member (one's own except the current one). */
    async endSessions(session: SessionContext, id: number) {
      await load(id);
      return db.transaction((tx) =>
        endSessions(tx, { userType: 'admin', id }, session, id === session.adminId ? session.sessionId : undefined),
      );
    },

    async resetTwoFactor(session: SessionContext, id: number) {
      if (id === session.adminId) {
        throw new AppError('CONFLICT', 'Ihre eigene Zwei-Faktor-Anmeldung ändern Sie unter „Konto & Sicherheit“');
      }
      const row = await load(id);
      if (!row.totpSecret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet');
      await twoFactor.reset(id, session);
    },

    async settings(): Promise<SecuritySettings> {
      const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
      return { require_staff_totp: row?.requireStaffTotp ?? false };
    },

    async saveSettings(session: SessionContext, input: SecuritySettings): Promise<SecuritySettings> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
        const [after] = await tx
          .insert(securitySettings)
          .values({ id: 1, requireStaffTotp: input.require_staff_totp })
          .onConflictDoUpdate({ target: securitySettings.id, set: { requireStaffTotp: input.require_staff_totp } })
          .returning();
        await writeAudit(tx, session, 'update', 'security_settings', 1, before ?? { requireStaffTotp: false }, after);
        // Switched on: staff without a second factor sign in again and set it up at once; no
        // session opened without one keeps working (decision 0504). The admin who
        // switched it keeps this session (to finish the settings), not the others.
        if (after.requireStaffTotp && !before?.requireStaffTotp) {
          const without = await tx
            .select({ id: admins.id })
            .from(admins)
            .where(and(eq(admins.isActive, true), isNull(admins.totpSecret)));
          for (const { id } of without) {
            await endSessions(
              tx,
              { userType: 'admin', id },
              session,
              id === session.adminId ? session.sessionId : undefined,
            );
          }
        }
      });
      return this.settings();
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

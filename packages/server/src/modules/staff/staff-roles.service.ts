import { DEFAULT_BUTLER_TIME_ENTRY_DAYS, grantsFor, type StaffRole } from '@butler/contract/permissions';
import type { StaffOption, StaffRules } from '@butler/contract/staff';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { admins, securitySettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { LAST_OWNER_ROLE, otherActiveOwner } from './staff.service.js';

/** How many days back a Butler may book their own time entries (Einstellungen → Mitarbeiter). */
export async function butlerTimeEntryDays(db: Executor): Promise<number> {
  const [row] = await db
    .select({ days: securitySettings.butlerTimeEntryDays })
    .from(securitySettings)
    .where(eq(securitySettings.id, 1));
  return row?.days ?? DEFAULT_BUTLER_TIME_ENTRY_DAYS;
}

/** Roles of staff members and the rules of their work (decision 0540). */
export function createStaffRoles(db: Database) {
  return {
    /**
     * Changes a role and its grants. The person's next request already runs with them (the
     * role is read with the session). The last active Inhaber stays Inhaber: checked under a
     * lock on every staff row, so two Inhaber demoting each other cannot both succeed.
     */
    async setRole(session: SessionContext, id: number, role: StaffRole, grants: string[]) {
      await db.transaction(async (tx) => {
        const all = await tx.select().from(admins).orderBy(asc(admins.id)).for('update');
        const before = all.find((a) => a.id === id);
        if (!before) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
        const nextGrants = grantsFor(role, grants);
        if (before.role === role && JSON.stringify(before.grants) === JSON.stringify(nextGrants)) return;
        if (before.role === 'owner' && role !== 'owner' && before.isActive && !otherActiveOwner(all, id)) {
          throw new AppError('CONFLICT', LAST_OWNER_ROLE);
        }
        const [after] = await tx.update(admins).set({ role, grants: nextGrants }).where(eq(admins.id, id)).returning();
        await writeAudit(
          tx,
          session,
          'role_change',
          'admin',
          id,
          { role: before.role, grants: before.grants },
          { role: after.role, grants: after.grants },
        );
      });
    },

    /** The active staff a customer's "Betreuer" can be chosen from, by name. */
    async options(): Promise<StaffOption[]> {
      const rows = await db
        .select({ id: admins.id, username: admins.username, name: admins.name, role: admins.role })
        .from(admins)
        .where(eq(admins.isActive, true))
        .orderBy(asc(sql`lower(coalesce(nullif(${admins.name}, ''), ${admins.username}))`), asc(admins.id));
      return rows.map((r) => ({ id: r.id, name: r.name || r.username, role: r.role as StaffRole }));
    },

    async rules(): Promise<StaffRules> {
      return { butler_time_entry_days: await butlerTimeEntryDays(db) };
    },

    async saveRules(session: SessionContext, input: StaffRules): Promise<StaffRules> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
        const [after] = await tx
          .insert(securitySettings)
          .values({ id: 1, butlerTimeEntryDays: input.butler_time_entry_days })
          .onConflictDoUpdate({
            target: securitySettings.id,
            set: { butlerTimeEntryDays: input.butler_time_entry_days },
          })
          .returning();
        await writeAudit(
          tx,
          session,
          'update',
          'staff_rules',
          1,
          { butlerTimeEntryDays: before?.butlerTimeEntryDays ?? DEFAULT_BUTLER_TIME_ENTRY_DAYS },
          { butlerTimeEntryDays: after.butlerTimeEntryDays },
        );
      });
      return this.rules();
    },
  };
}

export type StaffRoles = ReturnType<typeof createStaffRoles>;

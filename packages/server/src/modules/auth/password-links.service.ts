import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountTokens, admins, customers } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { findOpenToken, ownerOfToken, type TokenPurpose, useToken } from './account-tokens.js';
import { storeNewPassword } from './new-password.js';
import { notifySecurityChange } from './security-notice.service.js';
import { endSessions } from './sessions.service.js';

export const LINK_PURPOSES: TokenPurpose[] = ['staff_invitation', 'customer_invitation', 'password_reset'];
export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;
const INVALID = 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte einen neuen Link anfordern.';

async function accountOf(db: Pick<Database, 'select'>, row: typeof accountTokens.$inferSelect) {
  if (row.adminId !== null) {
    const [a] = await db.select().from(admins).where(eq(admins.id, row.adminId));
    if (!a?.isActive) return null;
    return {
      userType: 'admin' as const,
      id: a.id,
      name: a.name || a.username,
      login: a.username,
      context: [a.username, a.name, a.email],
      displayName: a.name || a.username,
    };
  }
  const [c] = await db.select().from(customers).where(eq(customers.id, row.customerId!));
  if (!c?.isActive) return null;
  const name = `${c.firstName} ${c.lastName}`;
  return {
    userType: 'customer' as const,
    id: c.id,
    name,
    login: c.email,
    context: [c.firstName, c.lastName, c.email],
    displayName: name,
  };
}

/**
 * Single-use links that set a password: invitations (7 days) and resets (60 minutes);
 * only the SHA-256 of the token is stored (docs/decisions/0305-invitations-and-resets.md).
 */
export function createPasswordLinks(db: Database) {
  return {
    /** What the "Passwort festlegen" page shows before the password is typed. */
    async info(token: string) {
      const row = await findOpenToken(db, LINK_PURPOSES, token);
      const account = row && (await accountOf(db, row));
      if (!row || !account) throw new AppError('VALIDATION_FAILED', INVALID, { token: INVALID });
      return {
        kind: row.purpose === 'password_reset' ? ('reset' as const) : ('invitation' as const),
        user_type: account.userType,
        name: account.name,
        login: account.login,
        expires_at: row.expiresAt.toISOString(),
        voice: await readCustomerVoice(db),
      };
    },

    /** Sets the password once; ends every session of the account; other open links stop working. */
    async setPassword(token: string, password: string) {
      return db.transaction(async (tx) => {
        const row = await findOpenToken(tx, LINK_PURPOSES, token);
        const account = row && (await accountOf(tx, row));
        if (!row || !account) throw new AppError('VALIDATION_FAILED', INVALID, { token: INVALID });
        const owner = ownerOfToken(row);
        await storeNewPassword(tx, owner, password, account.context);
        if (!(await useToken(tx, row.id))) throw new AppError('VALIDATION_FAILED', INVALID, { token: INVALID });
        const column = owner.userType === 'admin' ? accountTokens.adminId : accountTokens.customerId;
        await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(column, owner.id), isNull(accountTokens.usedAt)));
        const actor = { userType: owner.userType, actorId: owner.id, displayName: account.displayName };
        const action = row.purpose === 'password_reset' ? 'password_reset' : 'password_set';
        await writeAudit(tx, actor, action, owner.userType, owner.id, { password: 1 }, { password: 2 });
        await endSessions(tx, owner, actor);
        if (row.purpose === 'password_reset') await notifySecurityChange(tx, owner, 'password_reset');
        return { user_type: account.userType, login: account.login };
      });
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;

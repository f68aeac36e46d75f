import { SESSION_MAX_AGE_HOURS } from '@butler/contract/auth';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, sessions } from '../../db/schema/index.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { createToken } from '../../lib/tokens.js';

type Executor = Pick<Database, 'insert' | 'update' | 'select'>;

/** Where a sign-in came from, shown under "Angemeldete Geräte". */
export type ClientInfo = { address: string; userAgent: string | undefined };

export type Owner = { userType: 'admin'; id: number } | { userType: 'customer'; id: number };

const ownerColumn = (owner: Owner) =>
  owner.userType === 'admin' ? eq(sessions.adminId, owner.id) : eq(sessions.customerId, owner.id);

/** Creates a session (only the token's hash is stored) and remembers the device. */
export async function startSession(db: Executor, owner: Owner, client: ClientInfo) {
  const { token, hash } = createToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_HOURS * 3600_000);
  await db.insert(sessions).values({
    tokenHash: hash,
    userType: owner.userType,
    adminId: owner.userType === 'admin' ? owner.id : null,
    customerId: owner.userType === 'customer' ? owner.id : null,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 400) ?? null,
    clientAddress: client.address.slice(0, 100),
  });
  if (owner.userType === 'admin') {
    await db
      .update(admins)
      .set({ previousLoginAt: sql`${admins.lastLoginAt}`, lastLoginAt: sql`now()` })
      .where(eq(admins.id, owner.id));
  }
  return { token, expiresAt };
}

/** The live sessions of an account (not revoked, not past their 8 hours). */
export function liveSessions(db: Executor, owner: Owner) {
  return db
    .select()
    .from(sessions)
    .where(and(ownerColumn(owner), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.lastSeenAt} DESC`);
}

/**
 * Ends every live session of an account except `keep` (after a password change, on
 * "Anmeldungen beenden", on deactivation) and audits it when any ended.
 */
export async function endSessions(db: Executor, owner: Owner, actor: AuditActor, keep?: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        ownerColumn(owner),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await writeAudit(
      db as any,
      actor,
      'sessions_end',
      owner.userType,
      owner.id,
      { sessions: ended.length },
      {
        sessions: 0,
      },
    );
  }
  return ended.length;
}

import { IDLE_TIMEOUT_MINUTES, type LoginRequest, SESSION_MAX_AGE_HOURS, type UserType } from '@butler/contract/auth';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customers, loginAttempts, sessions } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createToken, hashToken } from '../../lib/tokens.js';

const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
/** last_seen_at is written at most this often per session (keeps reads cheap). */
const TOUCH_INTERVAL_SECONDS = 15;

export type LoggedInUser =
  | { userType: 'admin'; id: number; username: string }
  | { userType: 'customer'; id: number; firstName: string; lastName: string; email: string };

/** Presents a user the way SPEC §3 describes the login response. */
export function presentUser(user: LoggedInUser) {
  if (user.userType === 'admin') return { id: user.id, username: user.username, name: user.username };
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
  };
}

export function createAuthService(db: Database) {
  async function assertNotThrottled(keys: string[]) {
    const rows = await db
      .select({
        key: loginAttempts.attemptKey,
        count: sql<number>`count(*)::int`,
        oldest: sql<string>`min(${loginAttempts.attemptedAt})`,
      })
      .from(loginAttempts)
      .where(
        and(
          inArray(loginAttempts.attemptKey, keys),
          gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`),
        ),
      )
      .groupBy(loginAttempts.attemptKey);
    const blocked = rows.filter((r) => r.count >= MAX_FAILURES);
    if (blocked.length === 0) return;
    const waitMs = Math.max(
      ...blocked.map((r) => new Date(r.oldest).getTime() + FAILURE_WINDOW_MINUTES * 60_000 - Date.now()),
    );
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`,
      undefined,
      { retryAfterSeconds: minutes * 60 },
    );
  }

  async function recordFailure(keys: string[]) {
    await db.insert(loginAttempts).values(keys.map((attemptKey) => ({ attemptKey })));
    // Old attempts are useless; keep the table small.
    await db.execute(sql`DELETE FROM login_attempts WHERE attempted_at < now() - interval '1 day'`);
  }

  async function findUser(
    request: LoginRequest,
  ): Promise<{ user: LoggedInUser | null; hash: string | null; active: boolean }> {
    if (request.user_type === 'admin') {
      const [row] = await db.select().from(admins).where(eq(admins.username, request.email)).limit(1);
      return row
        ? { user: { userType: 'admin', id: row.id, username: row.username }, hash: row.passwordHash, active: true }
        : { user: null, hash: null, active: false };
    }
    const [row] = await db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = lower(${request.email})`)
      .limit(1);
    return row
      ? {
          user: {
            userType: 'customer',
            id: row.id,
            firstName: row.firstName,
            lastName: row.lastName,
            email: row.email,
          },
          hash: row.passwordHash,
          active: row.isActive,
        }
      : { user: null, hash: null, active: false };
  }

  return {
    async login(request: LoginRequest, clientAddress: string) {
      const keys = [`account:${request.user_type}:${request.email.toLowerCase()}`, `ip:${clientAddress}`];
      await assertNotThrottled(keys);
      const found = await findUser(request);
      const ok = await verifyPassword(found.hash, request.password);
      if (!ok || !found.user) {
        await recordFailure(keys);
        throw new AppError('LOGIN_FAILED');
      }
      if (!found.active) throw new AppError('ACCOUNT_DISABLED');
      await db.delete(loginAttempts).where(eq(loginAttempts.attemptKey, keys[0]));
      const { token, hash } = createToken();
      const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_HOURS * 3600_000);
      const user = found.user;
      await db.insert(sessions).values({
        tokenHash: hash,
        userType: user.userType,
        adminId: user.userType === 'admin' ? user.id : null,
        customerId: user.userType === 'customer' ? user.id : null,
        expiresAt,
      });
      if (user.userType === 'admin') {
        await writeAudit(db, { userType: 'system', displayName: user.username }, 'login', 'admin', user.id);
      }
      return { user, token, expiresAt };
    },

    /** Resolves a bearer token to a live session and refreshes its idle timer. */
    async resolveToken(token: string): Promise<(SessionContext & { user: LoggedInUser }) | null> {
      if (!token || token.length > 200) return null;
      const hash = hashToken(token);
      const rows = await db
        .select({
          session: sessions,
          admin: { id: admins.id, username: admins.username },
          customer: {
            id: customers.id,
            firstName: customers.firstName,
            lastName: customers.lastName,
            email: customers.email,
            isActive: customers.isActive,
          },
          idleSeconds: sql<number>`extract(epoch from (now() - ${sessions.lastSeenAt}))::float8`,
        })
        .from(sessions)
        .leftJoin(admins, eq(admins.id, sessions.adminId))
        .leftJoin(customers, eq(customers.id, sessions.customerId))
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const userType = row.session.userType as UserType;
      if (row.idleSeconds > IDLE_TIMEOUT_MINUTES[userType] * 60) return null;
      let user: LoggedInUser;
      if (userType === 'admin' && row.admin) {
        user = { userType: 'admin', id: row.admin.id, username: row.admin.username };
      } else if (userType === 'customer' && row.customer?.isActive) {
        const c = row.customer;
        user = { userType: 'customer', id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email };
      } else {
        return null;
      }
      if (row.idleSeconds > TOUCH_INTERVAL_SECONDS) {
        await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.session.id));
      }
      return {
        sessionId: row.session.id,
        userType,
        adminId: row.session.adminId,
        customerId: row.session.customerId,
        displayName: user.userType === 'admin' ? user.username : `${user.firstName} ${user.lastName}`,
        expiresAt: row.session.expiresAt,
        user,
      };
    },

    async logout(sessionId: string) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

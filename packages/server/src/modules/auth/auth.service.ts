import { IDLE_TIMEOUT_MINUTES, type LoginRequest, type UserType } from '@butler/contract/auth';
import {
  CUSTOMER_SCOPED_ROLES,
  isStaffRole,
  type Permission,
  permissionsOf,
  type StaffRole,
} from '@butler/contract/permissions';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customers, securitySettings, sessions } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import { issueToken } from './account-tokens.js';
import {
  ACCOUNT_FAILURES,
  type AccountRef,
  type AttemptLimit,
  accountKey,
  addressKey,
  createLoginThrottle,
  unknownAccountKey,
} from './login-throttle.js';
import { type ClientInfo, startSession } from './sessions.service.js';

/** last_seen_at is written at most this often per session (keeps reads cheap). */
const TOUCH_INTERVAL_SECONDS = 15;
/** Time to type the second factor after a correct password. */
export const CHALLENGE_MINUTES = 5;

export type LoggedInUser =
  | {
      userType: 'admin';
      id: number;
      username: string;
      name: string;
      role: StaffRole;
      permissions: Permission[];
      /** Still signing in with the password the first start printed (decision 0756). */
      passwordGenerated: boolean;
    }
  | { userType: 'customer'; id: number; firstName: string; lastName: string; email: string };

/** Presents a user the way SPEC §3 describes the login response. */
export function presentUser(user: LoggedInUser) {
  if (user.userType === 'admin') {
    return {
      id: user.id,
      username: user.username,
      name: user.name || user.username,
      needs_display_name: user.name.trim() === '',
      password_generated: user.passwordGenerated,
      role: user.role,
      permissions: user.permissions,
    };
  }
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
  };
}

/** A staff account as a logged-in user: its role and what the role (and its grants) allow. */
export function staffUser(row: {
  id: number;
  username: string;
  name: string;
  role: string;
  grants: string[];
  passwordGenerated: boolean;
}) {
  const role = isStaffRole(row.role) ? row.role : 'butler';
  return {
    userType: 'admin' as const,
    id: row.id,
    username: row.username,
    name: row.name,
    role,
    permissions: permissionsOf(role, row.grants as Permission[]),
    passwordGenerated: row.passwordGenerated,
  };
}

/** The name bookings and the Protokoll show: a staff member's display name (their username until set, decision 0622). */
/** A customer's failed sign-in: no mention of usernames, which customers do not have. */
export const CUSTOMER_LOGIN_FAILED = 'E-Mail-Adresse oder Passwort ist falsch';

export const displayNameOf = (user: LoggedInUser) =>
  user.userType === 'admin' ? user.name || user.username : `${user.firstName} ${user.lastName}`;

type Found = { user: LoggedInUser; hash: string | null; active: boolean; totpEnabled: boolean };

/** The limits a sign-in attempt of `account` from `address` counts against (decision 0500). */
export const signInLimits = (account: string, address: string, perAddress: number): AttemptLimit[] => [
  { key: account, max: ACCOUNT_FAILURES },
  { key: addressKey(address), max: perAddress },
];

export type LoginResult =
  | { kind: 'session'; user: LoggedInUser; token: string; expiresAt: Date }
  | { kind: 'challenge'; secondFactor: 'totp' | 'enrol'; challenge: string; expiresAt: Date };

export function createAuthService(db: Database, options: { loginFailuresPerAddress: number }) {
  const throttle = createLoginThrottle(db);
  const perAddress = options.loginFailuresPerAddress;

  // Every authenticated request runs this: one prepared statement (parsed and planned once
  // per connection), which also reads data_version for the answer caches (decision 0400) and the
  // answer version of the session's own customer (decision 0560).
  const sessionByToken = db
    .select({
      session: sessions,
      admin: {
        id: admins.id,
        username: admins.username,
        name: admins.name,
        isActive: admins.isActive,
        role: admins.role,
        grants: admins.grants,
        passwordGenerated: admins.passwordGenerated,
      },
      // A Butler's customers, read with the session: a changed assignment holds at the next request.
      assigned: sql<
        number[] | null
      >`(SELECT array_agg(cs.customer_id) FROM customer_staff cs WHERE cs.admin_id = ${sessions.adminId})`,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        isActive: customers.isActive,
      },
      idleSeconds: sql<number>`extract(epoch from (now() - ${sessions.lastSeenAt}))::float8`,
      dataVersion: sql<number>`(SELECT sum(version)::bigint FROM data_version)`,
      customerVersion: sql<number>`(SELECT coalesce(sum(v.version), 0)::bigint FROM customer_data_versions v
        WHERE v.customer_id IN (0, ${sessions.customerId}))`,
    })
    .from(sessions)
    .leftJoin(admins, eq(admins.id, sessions.adminId))
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

  /** The account key of a name that finds no account: as the lookup compares it (lower() for e-mails). */
  async function unknownKey(request: LoginRequest) {
    if (request.user_type === 'admin') return unknownAccountKey('admin', request.email);
    const { rows } = await db.execute<{ v: string }>(sql`SELECT lower(${request.email}) AS v`);
    return unknownAccountKey('customer', rows[0].v);
  }

  async function findUser(request: LoginRequest): Promise<Found | null> {
    if (request.user_type === 'admin') {
      const [row] = await db.select().from(admins).where(eq(admins.username, request.email)).limit(1);
      if (!row) return null;
      return {
        user: staffUser(row),
        hash: row.passwordHash,
        active: row.isActive,
        totpEnabled: row.totpSecret !== null,
      };
    }
    const [row] = await db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = lower(${request.email})`)
      .limit(1);
    if (!row) return null;
    const user = { userType: 'customer' as const, id: row.id, firstName: row.firstName, lastName: row.lastName };
    return { user: { ...user, email: row.email }, hash: row.passwordHash, active: row.isActive, totpEnabled: false };
  }

  async function totpRequired() {
    const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
    return row?.requireStaffTotp ?? false;
  }

  /** Completes a sign-in: session, device, audit; the account's failure count starts over. */
  async function completeLogin(user: LoggedInUser, client: ClientInfo, how?: string) {
    await throttle.clear([accountKey(user)]);
    const { token, expiresAt } = await db.transaction(async (tx) => {
      const started = await startSession(tx, { userType: user.userType, id: user.id }, client);
      await writeAudit(
        tx,
        { userType: user.userType, actorId: user.id, displayName: displayNameOf(user) },
        'login',
        user.userType,
        user.id,
        null,
        how ? { secondFactor: how } : null,
      );
      return started;
    });
    return { kind: 'session' as const, user, token, expiresAt };
  }

  return {
    throttle,
    completeLogin,
    /** The limits of a sign-in step of `account` from `address` (password, second factor). */
    limitsFor: (account: AccountRef, address: string) => signInLimits(accountKey(account), address, perAddress),

    async login(request: LoginRequest, client: ClientInfo): Promise<LoginResult> {
      const found = await findUser(request);
      // Counted before the (slow) check: parallel guesses cannot all slip in (decision 0500).
      const key = found ? accountKey(found.user) : await unknownKey(request);
      const reservation = await throttle.reserve(signInLimits(key, client.address, perAddress));
      const ok = await verifyPassword(found?.hash ?? null, request.password);
      if (!ok || !found) {
        if (found) {
          const u = found.user;
          await writeAudit(
            db,
            { userType: u.userType, actorId: u.id, displayName: displayNameOf(u) },
            'login_failed',
            u.userType,
            u.id,
          );
        }
        // Customers sign in with their e-mail address, staff with a username (decision 0624).
        throw new AppError('LOGIN_FAILED', request.user_type === 'customer' ? CUSTOMER_LOGIN_FAILED : undefined);
      }
      // The password was right: this attempt is no failure (earlier ones stay counted).
      await reservation.release();
      if (!found.active) throw new AppError('ACCOUNT_DISABLED');
      const user = found.user;
      // Staff with 2FA (or required to set it up) get a short-lived challenge, not a session.
      // The failure count is kept until the second factor is passed too.
      if (user.userType === 'admin' && (found.totpEnabled || (await totpRequired()))) {
        const purpose = found.totpEnabled ? 'login_totp' : 'login_enrol';
        const { token, expiresAt } = await issueToken(
          db,
          purpose,
          { userType: 'admin', id: user.id },
          CHALLENGE_MINUTES,
        );
        return { kind: 'challenge', secondFactor: found.totpEnabled ? 'totp' : 'enrol', challenge: token, expiresAt };
      }
      return completeLogin(user, client);
    },

    /** Resolves a bearer token to a live session and refreshes its idle timer. */
    async resolveToken(token: string): Promise<(SessionContext & { user: LoggedInUser }) | null> {
      if (!token || token.length > 200) return null;
      const rows = await sessionByToken.execute({ hash: hashToken(token) });
      const row = rows[0];
      if (!row) return null;
      const userType = row.session.userType as UserType;
      if (row.idleSeconds > IDLE_TIMEOUT_MINUTES[userType] * 60) return null;
      let user: LoggedInUser;
      if (userType === 'admin' && row.admin?.isActive) {
        user = staffUser(row.admin);
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
        displayName: displayNameOf(user),
        expiresAt: row.session.expiresAt,
        role: user.userType === 'admin' ? user.role : null,
        permissions: new Set(user.userType === 'admin' ? user.permissions : []),
        assignedCustomerIds:
          user.userType === 'admin' && CUSTOMER_SCOPED_ROLES.includes(user.role) ? (row.assigned ?? []) : null,
        dataVersion: Number(row.dataVersion),
        customerVersion: Number(row.customerVersion),
        user,
      };
    },

    async logout(session: SessionContext) {
      await db.transaction(async (tx) => {
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, session.sessionId));
        await writeAudit(tx, session, 'logout', session.userType, session.adminId ?? session.customerId);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

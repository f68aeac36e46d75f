import { createHash } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** Failed sign-ins of one account within FAILURE_WINDOW_MINUTES before it is refused (DOMAIN-RULES §3). */
export const ACCOUNT_FAILURES = 5;
/** The default of LOGIN_FAILURES_PER_ADDRESS: an office behind one address is many people (decision 0500). */
export const ADDRESS_FAILURES = 50;
export const FAILURE_WINDOW_MINUTES = 15;

/** One counter an attempt is checked against: its key and how many attempts the window allows. */
export type AttemptLimit = { key: string; max: number };

export type AccountRef = { userType: 'admin' | 'customer'; id: number };

/**
 * Attempt keys never hold what a person typed or who they are beyond an id (decision 0500):
 * an account is keyed by its id, so every spelling that finds it (`İ` and `i`, upper and
 * lower case) counts on one key, and erasure removes the key with the customer.
 */
export const accountKey = (account: AccountRef, scope = 'account') => `${scope}:${account.userType}:${account.id}`;

/**
 * The key of a name that finds no account: its SHA-256, so the table holds no e-mail
 * address. `normalised` is the name as the account lookup compares it (PostgreSQL's
 * lower() for customers, exact for usernames), so a spelling the lookup treats as the same
 * name is the same key.
 */
export const unknownAccountKey = (userType: string, normalised: string, scope = 'account') =>
  `${scope}:${userType}:#${createHash('sha256').update(normalised).digest('hex').slice(0, 32)}`;

export const addressKey = (address: string, scope = 'ip') => `${scope}:${address}`;

export type ThrottleOptions = {
  windowMinutes?: number;
  /** The German 429 text for `minutes` to wait; default: the sign-in text of DOMAIN-RULES §3. */
  message?: (minutes: number) => string;
};

/** An attempt that was counted before it was evaluated; `release` un-counts it (it succeeded). */
export type Reservation = { release: () => Promise<void> };

const signInMessage = (minutes: number) =>
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`;

/**
 * Attempts (sign-ins, second-factor codes, current passwords, reset mails) counted per key
 * in `login_attempts`. An attempt is *reserved* before it is evaluated, atomically: a
 * transaction takes an advisory lock per key (in key order, so two attempts never wait for
 * each other crosswise), counts the window and inserts the attempt only when every key is
 * below its limit. However many attempts arrive at once, at most `max` per key are ever
 * evaluated; the rest get a German 429 without being looked at (decision 0500). A
 * successful attempt releases its reservation; a failed one leaves it as the failure.
 */
export function createLoginThrottle(db: Database) {
  return {
    async reserve(limits: AttemptLimit[], options: ThrottleOptions = {}): Promise<Reservation> {
      const window = options.windowMinutes ?? FAILURE_WINDOW_MINUTES;
      const maxOf = new Map<string, number>();
      for (const { key, max } of limits) maxOf.set(key, Math.min(max, maxOf.get(key) ?? max));
      const keys = [...maxOf.keys()].sort();
      const ids = await db.transaction(async (tx) => {
        for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        const counted = await tx
          .select({
            key: loginAttempts.attemptKey,
            count: sql<number>`count(*)::int`,
            oldest: sql<string>`min(${loginAttempts.attemptedAt})`,
          })
          .from(loginAttempts)
          .where(
            and(
              inArray(loginAttempts.attemptKey, keys),
              gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${window})`),
            ),
          )
          .groupBy(loginAttempts.attemptKey);
        const blocked = counted.filter((row) => row.count >= (maxOf.get(row.key) ?? 0));
        if (blocked.length > 0) {
          const waitMs = Math.max(...blocked.map((r) => new Date(r.oldest).getTime() + window * 60_000 - Date.now()));
          const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
          throw new AppError('TOO_MANY_REQUESTS', (options.message ?? signInMessage)(minutes), undefined, {
            retryAfterSeconds: minutes * 60,
          });
        }
        const inserted = await tx
          .insert(loginAttempts)
          .values(keys.map((attemptKey) => ({ attemptKey })))
          .returning({ id: loginAttempts.id });
        return inserted.map((row) => row.id);
      });
      // Old attempts are useless; keep the table small (now and then, not on every attempt).
      if (ids[0] % 20 === 0) {
        await db.execute(sql`DELETE FROM login_attempts WHERE attempted_at < now() - interval '1 day'`);
      }
      return {
        release: async () => {
          await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
        },
      };
    },

    /** Forgets every attempt of these keys (a successful sign-in clears its account's failures). */
    async clear(keys: string[]) {
      await db.delete(loginAttempts).where(inArray(loginAttempts.attemptKey, keys));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

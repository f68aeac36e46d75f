import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
const ADDRESS_KEY_PREFIX = 'ip:';

/** The attempt keys of one sign-in: the account and the client address (DOMAIN-RULES §3). */
export function loginKeys(userType: string, identifier: string, clientAddress: string) {
  return [`account:${userType}:${identifier.toLowerCase()}`, `${ADDRESS_KEY_PREFIX}${clientAddress}`];
}

/**
 * Failed sign-in attempts (wrong passwords, wrong second-factor codes, wrong current
 * passwords) counted per key; 5 within 15 minutes block the key with a German 429.
 * `maxPerAddress` (LOGIN_FAILURES_PER_ADDRESS, default 5) may raise the limit of the
 * client-address key alone, for offices where many people share one address (decision 0432);
 * the account key always blocks after 5.
 */
export function createLoginThrottle(db: Database, { maxPerAddress = MAX_FAILURES }: { maxPerAddress?: number } = {}) {
  return {
    async assertNotThrottled(
      keys: string[],
      options: { max?: number; windowMinutes?: number; message?: (minutes: number) => string } = {},
    ) {
      const max = options.max ?? MAX_FAILURES;
      const window = options.windowMinutes ?? FAILURE_WINDOW_MINUTES;
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
            gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${window})`),
          ),
        )
        .groupBy(loginAttempts.attemptKey);
      const limitOf = (key: string) =>
        options.max === undefined && key.startsWith(ADDRESS_KEY_PREFIX) ? maxPerAddress : max;
      const blocked = rows.filter((r) => r.count >= limitOf(r.key));
      if (blocked.length === 0) return;
      const waitMs = Math.max(...blocked.map((r) => new Date(r.oldest).getTime() + window * 60_000 - Date.now()));
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      const text =
        options.message?.(minutes) ??
        `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`;
      throw new AppError('TOO_MANY_REQUESTS', text, undefined, { retryAfterSeconds: minutes * 60 });
    },

    async recordFailure(keys: string[]) {
      await db.insert(loginAttempts).values(keys.map((attemptKey) => ({ attemptKey })));
      // Old attempts are useless; keep the table small.
      await db.execute(sql`DELETE FROM login_attempts WHERE attempted_at < now() - interval '1 day'`);
    },

    async clear(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.attemptKey, key));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customers } from '../../db/schema/index.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { mailReset } from './account-mails.service.js';
import { type AccountRef, accountKey, addressKey, createLoginThrottle } from './login-throttle.js';

/** "Passwort vergessen?" answers after at least this long, whether the account exists or not. */
export const FORGOT_PASSWORD_FLOOR_MS = 400;
const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
const RESETS_PER_ADDRESS_PER_HOUR = 10;
/** More accounts than this never share one e-mail address in practice; the lookup stops there. */
const STAFF_ACCOUNTS_PER_ADDRESS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ResetTarget = { owner: AccountRef; to: string; name: string; login?: string; actor: AuditActor };

/**
 * "Passwort vergessen?" for customers (by e-mail address) and staff (by username or e-mail
 * address, decision 0756): the same answer and at least FORGOT_PASSWORD_FLOOR_MS whether an
 * account was found or not. Per client address 10 requests an hour (then a German 429); per
 * account 3 mails an hour. What is counted per account is a mail sent, reserved atomically
 * before it is queued: a burst of requests sends exactly 3 and can never leave the account
 * with none (decision 0500).
 */
export function createForgotPassword(db: Database) {
  const throttle = createLoginThrottle(db);

  async function sendResets(
    clientAddress: string,
    scope: string,
    message: (m: number) => string,
    find: () => Promise<ResetTarget[]>,
  ) {
    const started = Date.now();
    await throttle.reserve([{ key: addressKey(clientAddress, scope), max: RESETS_PER_ADDRESS_PER_HOUR }], {
      windowMinutes: 60,
      message,
    });
    for (const target of await find()) {
      const mail = await throttle
        .reserve([{ key: accountKey(target.owner, 'reset'), max: RESET_MAILS_PER_ACCOUNT_PER_HOUR }], {
          windowMinutes: 60,
        })
        .catch((error) => {
          if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return null;
          throw error;
        });
      if (!mail) continue;
      await db
        .transaction(async (tx) => {
          await mailReset(tx, target.owner, target.to, target.name, 'System', target.login);
          await writeAudit(tx, target.actor, 'password_reset_request', target.owner.userType, target.owner.id);
        })
        .catch(async (error) => {
          await mail.release();
          throw error;
        });
    }
    await sleep(Math.max(0, FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started)));
  }

  return {
    /** A customer's reset link to their login address (active accounts only). */
    customer: (email: string, clientAddress: string) =>
      sendResets(
        clientAddress,
        'reset:ip',
        (m) => `Zu viele Anfragen. Bitte in ${m} ${m === 1 ? 'Minute' : 'Minuten'} noch einmal versuchen.`,
        async () => {
          const [row] = await db
            .select()
            .from(customers)
            .where(sql`lower(${customers.email}) = lower(${email})`)
            .limit(1);
          if (!row?.isActive) return [];
          const name = `${row.firstName} ${row.lastName}`;
          return [
            {
              owner: { userType: 'customer', id: row.id },
              to: row.email,
              name: row.firstName,
              actor: { userType: 'customer', actorId: row.id, displayName: name },
            },
          ];
        },
      ),

    /**
     * A staff member's reset link to the e-mail address of their account, found by username
     * or by that address; active accounts with a password and an address only (an open
     * invitation is sent again by an Inhaber, decision 0305).
     */
    staff: (login: string, clientAddress: string) =>
      sendResets(
        clientAddress,
        'staff-reset:ip',
        (m) => `Zu viele Anfragen. Bitte versuchen Sie es in ${m} ${m === 1 ? 'Minute' : 'Minuten'} noch einmal.`,
        async () => {
          const rows = await db
            .select()
            .from(admins)
            .where(
              and(
                or(eq(admins.username, login), sql`lower(${admins.email}) = lower(${login})`),
                eq(admins.isActive, true),
                isNotNull(admins.passwordHash),
                isNotNull(admins.email),
              ),
            )
            .orderBy(admins.id)
            .limit(STAFF_ACCOUNTS_PER_ADDRESS);
          return rows.flatMap((row) =>
            row.email?.trim()
              ? [
                  {
                    owner: { userType: 'admin' as const, id: row.id },
                    to: row.email,
                    name: row.name || row.username,
                    login: row.username,
                    actor: { userType: 'admin' as const, actorId: row.id, displayName: row.name || row.username },
                  },
                ]
              : [],
          );
        },
      ),
  };
}

export type ForgotPassword = ReturnType<typeof createForgotPassword>;

import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ACCOUNT_TOKEN_PURPOSES, accountTokens } from '../../db/schema/index.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { Owner } from './sessions.service.js';

type Executor = Pick<Database, 'insert' | 'update' | 'select' | 'delete'>;
export type TokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Open tokens of `purpose` for the account stop working (a new link is on its way). */
export async function voidOpenTokens(db: Executor, purpose: TokenPurpose, owner: Owner) {
  const ownerColumn = owner.userType === 'admin' ? accountTokens.adminId : accountTokens.customerId;
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.purpose, purpose), eq(ownerColumn, owner.id), isNull(accountTokens.usedAt)));
}

/**
 * Issues a 256-bit single-use token for an account (only its SHA-256 is stored), valid for
 * `minutes` or until a given time. Earlier open tokens of the same purpose for the same
 * account stop working: the newest link wins.
 */
export async function issueToken(db: Executor, purpose: TokenPurpose, owner: Owner, validity: number | Date) {
  const { token, hash } = createToken();
  const expiresAt = typeof validity === 'number' ? new Date(Date.now() + validity * 60_000) : validity;
  await voidOpenTokens(db, purpose, owner);
  await db.insert(accountTokens).values({
    purpose,
    tokenHash: hash,
    adminId: owner.userType === 'admin' ? owner.id : null,
    customerId: owner.userType === 'customer' ? owner.id : null,
    expiresAt,
  });
  // Keep the table small: tokens long past use or expiry are useless.
  await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} < now() - interval '30 days'`);
  return { token, expiresAt };
}

/** The open (unused, unexpired) token of one of `purposes`, or null. */
export async function findOpenToken(db: Executor, purposes: TokenPurpose[], token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Executor, id: number): Promise<boolean> {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}

export function ownerOfToken(row: typeof accountTokens.$inferSelect): Owner {
  return row.adminId !== null ? { userType: 'admin', id: row.adminId } : { userType: 'customer', id: row.customerId! };
}

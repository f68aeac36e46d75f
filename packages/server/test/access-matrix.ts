import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { sessions } from '../src/db/schema/index.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from './factories.js';
import type { TestContext } from './test-app.js';

export type Actor = 'anonymous' | 'customerA' | 'customerB' | 'admin' | 'expired' | 'revoked';
export type Actors = {
  tokens: Record<Actor, string | undefined>;
  customerA: { id: number; email: string };
  customerB: { id: number; email: string };
  adminUsername: string;
};

/** Logs in one admin and two customers, and makes an expired and a revoked token. */
export async function createActors(ctx: TestContext): Promise<Actors> {
  const admin = await buildAdmin(ctx.db);
  const a = await buildCustomer(ctx.db, { firstName: 'Anna' });
  const b = await buildCustomer(ctx.db, { firstName: 'Bernd' });
  const adminToken = await ctx.login('admin', admin.username, TEST_PASSWORD);
  const expired = await ctx.login('customer', a.email, TEST_PASSWORD);
  await expireSession(ctx.db, expired);
  const revoked = await ctx.login('admin', admin.username, TEST_PASSWORD);
  await ctx.request({ method: 'POST', url: '/api/auth/logout', token: revoked });
  return {
    tokens: {
      anonymous: undefined,
      admin: adminToken,
      customerA: await ctx.login('customer', a.email, TEST_PASSWORD),
      customerB: await ctx.login('customer', b.email, TEST_PASSWORD),
      expired,
      revoked,
    },
    customerA: { id: a.id, email: a.email },
    customerB: { id: b.id, email: b.email },
    adminUsername: admin.username,
  };
}

/** Moves a session past its 8-hour limit. */
export async function expireSession(db: Database, token: string) {
  const { hashToken } = await import('../src/lib/tokens.js');
  await db
    .update(sessions)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

type Expectation = Partial<Record<Actor, number | number[]>>;

/**
 * Asserts the status each actor gets for one call. Unlisted actors default to:
 * anonymous, expired, revoked → 401. Customers A/B and admin must be listed.
 */
export async function expectAccess(
  ctx: TestContext,
  actors: Actors,
  call: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string; payload?: unknown },
  expected: Expectation & Required<Pick<Expectation, 'customerA' | 'customerB' | 'admin'>>,
) {
  const full: Record<Actor, number | number[]> = { anonymous: 401, expired: 401, revoked: 401, ...expected };
  for (const actor of Object.keys(full) as Actor[]) {
    const res = await ctx.request({ ...call, payload: call.payload as any, token: actors.tokens[actor] });
    const allowed = [full[actor]].flat();
    expect(allowed, `${actor} → ${call.method} ${call.url}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
      res.statusCode,
    );
    if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
  }
}

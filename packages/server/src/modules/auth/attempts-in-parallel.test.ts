import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, mailOutbox } from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';

/**
 * Every limit on guessing holds under a burst (decision 0500): the
 * attempts arrive at once from as many addresses, and what is asserted is how many of them
 * were *evaluated* (answered 401/400 or a mail, not 429), never how long anything took.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

let address = 0;
/** A fresh client address per request: neither the address limit nor the request limit interferes. */
const nextAddress = () =>
  `10.${Math.floor(++address / 60000) + 50}.${Math.floor(address / 250) % 240}.${address % 250}`;
const post = (url: string, payload: unknown, token?: string) =>
  ctx.request({ method: 'POST', url, payload: payload as any, token, remoteAddress: nextAddress() });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const failuresOf = async (actorType: string, actorId: number) =>
  (
    await ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.actorType, actorType), eq(auditLog.actorId, actorId)))
  ).length;

async function enrolledAdmin() {
  const admin = await buildAdmin(ctx.db);
  const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  const setup = await post('/api/account/totp/setup', {}, token);
  const secret = setup.json().secret.replace(/\s/g, '');
  expect((await post('/api/account/totp/confirm', { code: currentTotp(secret) }, token)).statusCode).toBe(200);
  return { admin, token, secret };
}

describe('sign-in under a burst of guesses', () => {
  it('60 wrong passwords at once from 60 addresses: five are evaluated, the rest refused unseen', async () => {
    const customer = await buildCustomer(ctx.db);
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/api/auth/login', { email: customer.email, password: `falsch-${i}`, user_type: 'customer' }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(55);
    expect(await failuresOf('customer', customer.id)).toBe(5);
    // The right password is refused too until the window has passed.
    const right = await post('/api/auth/login', {
      email: customer.email,
      password: TEST_PASSWORD,
      user_type: 'customer',
    });
    expect(right.statusCode).toBe(429);
  });

  it('30 wrong second-factor codes at once on one valid challenge: five evaluated, no 5xx', async () => {
    const { admin, secret } = await enrolledAdmin();
    const first = await post('/api/auth/login', { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' });
    const challenge = first.json().challenge;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/auth/login/second-factor', { challenge, code: String(100000 + i) }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(25);
    expect(await failuresOf('admin', admin.id)).toBe(5);
    const right = await post('/api/auth/login/second-factor', {
      challenge,
      code: currentTotp(secret, Date.now() + 30_000),
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('password and code checks of a signed-in person (a stolen session)', () => {
  it('switching 2FA off: 20 guesses of the password at once, five evaluated, 2FA stays on', async () => {
    const { token, secret } = await enrolledAdmin();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/account/totp/disable', { password: `geraten-${i}-xyz`, code: currentTotp(secret) }, token),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(count(statuses, 400)).toBe(5);
    expect(count(statuses, 429)).toBe(15);
    const right = await post(
      '/api/account/totp/disable',
      { password: TEST_PASSWORD, code: currentTotp(secret, Date.now() + 30_000) },
      token,
    );
    expect(right.statusCode).toBe(429);
    expect((await ctx.request({ method: 'GET', url: '/api/account', token })).json().totp_enabled).toBe(true);
  });

  it('new recovery codes: 20 guesses of the code at once with the right password, five evaluated', async () => {
    const { token } = await enrolledAdmin();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/account/totp/recovery-codes', { password: TEST_PASSWORD, code: String(200000 + i) }, token),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(count(statuses, 400)).toBe(5);
    expect(count(statuses, 429)).toBe(15);
  });

  it('changing the password: 20 guesses of the current one at once, five evaluated', async () => {
    const customer = await buildCustomer(ctx.db);
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/account/password',
          { current_password: `geraten-${i}-xyz`, new_password: 'Ein-ganz-neues-Passwort-7' },
          token,
        ),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(count(statuses, 400)).toBe(5);
    expect(count(statuses, 429)).toBe(15);
  });
});

describe('"Passwort vergessen?" under a burst', () => {
  it('30 requests at once for one customer from 30 addresses send exactly three mails', async () => {
    const customer = await buildCustomer(ctx.db);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/auth/forgot-password', { email: customer.email.toUpperCase() })),
    );
    expect(burst.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    const mails = await ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.customerId, customer.id), eq(mailOutbox.template, 'password-reset')));
    expect(mails).toHaveLength(3);
    // Nothing in the attempt keys names the person (finding 13).
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM login_attempts WHERE attempt_key ILIKE ${`%${customer.email}%`}`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('on a pool of one database connection (decision 0505)', () => {
  it('30 code requests at once on one valid challenge are all answered, none stalls the portal', async () => {
    const small = await createTestContext({}, { poolMax: 1 });
    const admin = await buildAdmin(small.db);
    const token = await small.login('admin', admin.username, TEST_PASSWORD);
    const send = (url: string, payload: unknown, bearer?: string) =>
      small.request({ method: 'POST', url, payload: payload as any, token: bearer, remoteAddress: nextAddress() });
    const secret = (await send('/api/account/totp/setup', {}, token)).json().secret.replace(/\s/g, '');
    expect((await send('/api/account/totp/confirm', { code: currentTotp(secret) }, token)).statusCode).toBe(200);
    const challenge = (
      await send('/api/auth/login', { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' })
    ).json().challenge;
    const [burst, health] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send('/api/auth/login/second-factor', { challenge, code: String(300000 + i) }),
        ),
      ),
      small.request({ method: 'GET', url: '/api/health' }),
    ]);
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(count(statuses, 401)).toBe(5);
    expect(health.statusCode).toBe(200);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireSession } from '../../../test/access-matrix.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

describe('POST /api/auth/login', () => {
  it('logs a customer in by e-mail, case-insensitively, and returns user, type and token', async () => {
    const customer = await buildCustomer(ctx.db, {
      firstName: 'Maria',
      lastName: 'Gruber',
      email: 'Maria.Gruber@example.at',
    });
    const res = await login({ email: 'maria.gruber@EXAMPLE.at', password: TEST_PASSWORD, user_type: 'customer' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user_type: 'customer',
      user: { id: customer.id, name: 'Maria Gruber', first_name: 'Maria' },
      idle_timeout_minutes: 15,
    });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
  });

  it('logs an admin in by username (sent as email) with a 30-minute idle timeout', async () => {
    const admin = await buildAdmin(ctx.db, { username: 'chefin' });
    const res = await login({ email: 'chefin', password: TEST_PASSWORD, user_type: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_type: 'admin',
      user: { id: admin.id, username: 'chefin', name: 'chefin' },
    });
    expect(res.json().idle_timeout_minutes).toBe(30);
  });

  it('answers the same German text for a wrong password and an unknown account', async () => {
    const customer = await buildCustomer(ctx.db);
    const wrong = await login({ email: customer.email, password: 'falsch', user_type: 'customer' }, '10.0.0.2');
    const unknown = await login({ email: 'niemand@example.at', password: 'falsch', user_type: 'customer' }, '10.0.0.3');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'E-Mail-Adresse oder Passwort ist falsch' });
    }
  });

  it('does not let a customer log in as admin with the same credentials', async () => {
    const customer = await buildCustomer(ctx.db);
    const res = await login({ email: customer.email, password: TEST_PASSWORD, user_type: 'admin' }, '10.0.0.4');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a deactivated customer with 403', async () => {
    const customer = await buildCustomer(ctx.db, { isActive: false });
    const res = await login({ email: customer.email, password: TEST_PASSWORD, user_type: 'customer' }, '10.0.0.5');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Ihr Konto ist deaktiviert');
  });

  it('rejects missing fields and unknown user types with 400 and field details', async () => {
    const res = await login({ email: '', user_type: 'root' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details)).toEqual(expect.arrayContaining(['email', 'password', 'user_type']));
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{kaputt',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBeTypeOf('string');
  });

  it('blocks an account after 5 failures within 15 minutes with 429 and the minutes to wait', async () => {
    const customer = await buildCustomer(ctx.db);
    for (let i = 0; i < 5; i++) {
      const res = await login({ email: customer.email, password: 'falsch', user_type: 'customer' }, `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ email: customer.email, password: TEST_PASSWORD, user_type: 'customer' }, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Bitte warten Sie 1[45] Minuten/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stores only a hash of the token', async () => {
    const customer = await buildCustomer(ctx.db);
    const token = (
      await login({ email: customer.email, password: TEST_PASSWORD, user_type: 'customer' }, '10.3.0.1')
    ).json().token;
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash.equals(hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('sessions', () => {
  async function customerToken() {
    const customer = await buildCustomer(ctx.db);
    const res = await login({ email: customer.email, password: TEST_PASSWORD, user_type: 'customer' }, '10.4.0.1');
    return { customer, token: res.json().token as string };
  }
  const validate = (token?: string) => ctx.request({ method: 'POST', url: '/api/auth/validate-token', token });

  it('validate-token answers the user while valid and 401 "Nicht angemeldet" without a token', async () => {
    const { customer, token } = await customerToken();
    const ok = await validate(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, user_type: 'customer', user: { id: customer.id } });
    const none = await validate();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Nicht angemeldet' });
    expect((await validate('erfunden')).statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const { token } = await customerToken();
    const out = await ctx.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('ends a session 8 hours after login at the latest', async () => {
    const { token } = await customerToken();
    await expireSession(ctx.db, token);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('ends a customer session after 15 idle minutes but keeps it at 14', async () => {
    const { token } = await customerToken();
    const setIdle = (minutes: number) =>
      ctx.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.tokenHash, hashToken(token)));
    await setIdle(14);
    expect((await validate(token)).statusCode).toBe(200);
    await setIdle(16);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('keeps an admin session for 29 idle minutes and ends it after 31', async () => {
    const admin = await buildAdmin(ctx.db);
    const token = (
      await login({ email: admin.username, password: TEST_PASSWORD, user_type: 'admin' }, '10.5.0.1')
    ).json().token;
    const setIdle = (minutes: number) =>
      ctx.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.tokenHash, hashToken(token)));
    await setIdle(29);
    expect((await validate(token)).statusCode).toBe(200);
    await setIdle(31);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('a request refreshes the idle timer', async () => {
    const { token } = await customerToken();
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await validate(token);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('ends the sessions of a customer who gets deactivated', async () => {
    const { customer, token } = await customerToken();
    await ctx.db.update(customers).set({ isActive: false }).where(eq(customers.id, customer.id));
    expect((await validate(token)).statusCode).toBe(401);
  });
});

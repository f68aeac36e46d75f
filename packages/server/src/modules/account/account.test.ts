import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, mailOutbox } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const NEW_PASSWORD = 'Ein-ganz-neues-Kennwort-7';
const loginFrom = async (
  userType: 'admin' | 'customer',
  email: string,
  password: string,
  userAgent: string,
  ip: string,
) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, user_type: userType },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  return res.json().token as string;
};
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('own password change', () => {
  it('needs the current password, applies the policy and ends every other session of the account', async () => {
    const customer = await buildCustomer(ctx.db);
    const here = await loginFrom('customer', customer.email, TEST_PASSWORD, FIREFOX, '10.30.0.1');
    const there = await loginFrom('customer', customer.email, TEST_PASSWORD, SAFARI, '10.30.0.2');
    const change = (payload: unknown) =>
      ctx.request({
        method: 'POST',
        url: '/api/account/password',
        payload: payload as any,
        token: here,
        remoteAddress: '10.30.0.3',
      });

    const wrong = await change({ current_password: 'falsch', new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ current_password: 'Das aktuelle Passwort ist falsch' });
    const short = await change({ current_password: TEST_PASSWORD, new_password: 'kurz' });
    expect(short.json().details.new_password).toBe('Das Passwort muss mindestens 10 Zeichen lang sein');
    const common = await change({ current_password: TEST_PASSWORD, new_password: 'iloveyou123' });
    expect(common.json().details.new_password).toMatch(/häufig verwendeter/);
    const ownName = await change({ current_password: TEST_PASSWORD, new_password: `${customer.lastName}!x9` });
    expect(ownName.json().details.new_password).toMatch(/Namen, Benutzernamen oder E-Mail-Adresse/);

    const ok = await change({ current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: here })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: there })).statusCode).toBe(401);
    await expect(ctx.login('customer', customer.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(ctx.login('customer', customer.email, NEW_PASSWORD)).resolves.toBeTypeOf('string');

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(customer.id))));
    const actions = audit.map((a) => a.action);
    expect(actions).toContain('password_change');
    expect(actions).toContain('sessions_end');
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    // ASVS 6.3.7: the owner hears of it by mail, without the password.
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(mails.map((m) => m.subject)).toEqual(['Sicherheitshinweis zu deinem Konto']);
    expect(mails[0].textBody).toContain('Das Passwort für die Lounge wurde geändert');
    expect(mails[0].textBody).not.toContain(NEW_PASSWORD);
  });

  it("counts wrong current passwords towards the account's login rate limit", async () => {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    for (let i = 0; i < 5; i++) {
      await ctx.request({
        method: 'POST',
        url: '/api/account/password',
        payload: { current_password: `falsch-${i}`, new_password: NEW_PASSWORD },
        token,
        remoteAddress: `10.31.0.${i}`,
      });
    }
    const blocked = await ctx.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      token,
      remoteAddress: '10.31.1.1',
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('Angemeldete Geräte', () => {
  it('lists the own live sessions with browser, address and last activity, and ends them', async () => {
    const admin = await buildAdmin(ctx.db);
    const here = await loginFrom('admin', admin.username, TEST_PASSWORD, FIREFOX, '10.40.0.1');
    const phone = await loginFrom('admin', admin.username, TEST_PASSWORD, SAFARI, '10.40.0.2');
    const third = await loginFrom('admin', admin.username, TEST_PASSWORD, SAFARI, '10.40.0.3');
    const other = await buildAdmin(ctx.db);
    const otherToken = await ctx.login('admin', other.username, TEST_PASSWORD);

    const list = (await ctx.request({ method: 'GET', url: '/api/account/sessions', token: here })).json();
    expect(list).toHaveLength(3);
    const current = list.find((s: any) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox auf Windows', address: '10.40.0.1' });
    expect(list.find((s: any) => s.address === '10.40.0.2').browser).toBe('Safari auf iPhone');
    expect(Date.parse(current.last_active_at)).toBeGreaterThan(Date.now() - 60_000);

    // Another person's session id is not found (no ending of foreign sessions).
    const foreign = (await ctx.request({ method: 'GET', url: '/api/account/sessions', token: otherToken })).json()[0];
    const refused = await ctx.request({ method: 'DELETE', url: `/api/account/sessions/${foreign.id}`, token: here });
    expect(refused.statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: otherToken })).statusCode).toBe(
      200,
    );
    const bad = await ctx.request({ method: 'DELETE', url: '/api/account/sessions/kein-uuid', token: here });
    expect(bad.statusCode).toBe(400);

    const phoneId = list.find((s: any) => s.address === '10.40.0.2').id;
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, token: here })).statusCode,
    ).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: phone })).statusCode).toBe(401);

    const others = await ctx.request({ method: 'POST', url: '/api/account/sessions/end-others', token: here });
    expect(others.json()).toEqual({ success: true, ended: 1 });
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: third })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: here })).statusCode).toBe(200);
  });
});

describe('GET /api/account', () => {
  it('answers the own account without secrets', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Gruber' });
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const res = await ctx.request({ method: 'GET', url: '/api/account', token });
    expect(res.json()).toEqual({
      user_type: 'customer',
      name: 'Maria Gruber',
      username: null,
      email: customer.email,
      totp_enabled: false,
      totp_required: false,
      recovery_codes_left: 0,
    });
  });
});

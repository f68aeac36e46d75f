import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog, mailOutbox, recoveryCodes } from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

let address = 0;
const nextAddress = () => `10.20.${Math.floor(++address / 250)}.${address % 250}`;
const post = (url: string, payload: unknown, token?: string, remoteAddress = nextAddress()) =>
  ctx.request({ method: 'POST', url, payload: payload as any, token, remoteAddress });
const passwordStep = (username: string, password = TEST_PASSWORD, remoteAddress?: string) =>
  post('/api/auth/login', { email: username, password, user_type: 'admin' }, undefined, remoteAddress);

/** An admin with 2FA set up through the account page; returns the key and the recovery codes. */
async function enrolledAdmin(overrides: { email?: string } = {}) {
  const admin = await buildAdmin(ctx.db, overrides);
  const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  const setup = await post('/api/account/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret.replace(/\s/g, '');
  const confirm = await post('/api/account/totp/confirm', { code: currentTotp(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  return { admin, token, secret, codes: confirm.json().recovery_codes as string[] };
}

describe('enrolment on the account page', () => {
  it('shows a QR code and the key, confirms with a first code and answers ten recovery codes once', async () => {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const setup = (await post('/api/account/totp/setup', {}, token)).json();
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Butler-Portal:/);
    const secret = setup.secret.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await post('/api/account/totp/confirm', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.code).toMatch(/Code ist falsch/);
    const ok = await post('/api/account/totp/confirm', { code: currentTotp(secret) }, token);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored only as argon2id hashes; the secret only sealed.
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect(stored[0].codeHash).toMatch(/^\$argon2id\$/);
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row.totpSecret).toMatch(/^v\d+:/);
    expect(row.totpSecret).not.toContain(secret);
    const account = (await ctx.request({ method: 'GET', url: '/api/account', token })).json();
    expect(account).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    const again = await post('/api/account/totp/setup', {}, token);
    expect(again.statusCode).toBe(409);
  });

  it('is for staff only', async () => {
    const customerToken = await ctx.login(
      'customer',
      (await (await import('../../../test/factories.js')).buildCustomer(ctx.db)).email,
      TEST_PASSWORD,
    );
    expect((await post('/api/account/totp/setup', {}, customerToken)).statusCode).toBe(403);
  });
});

describe('login with a second factor', () => {
  it('asks for the code after the password, then answers a session', async () => {
    const { admin, secret } = await enrolledAdmin();
    const first = await passwordStep(admin.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, second_factor: 'totp' });
    expect(first.json()).not.toHaveProperty('token');
    const later = currentTotp(secret, Date.now() + 30_000);
    const second = await post('/api/auth/login/second-factor', { challenge: first.json().challenge, code: later });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ user_type: 'admin', recovery_codes_left: null });
    const check = await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: second.json().token });
    expect(check.statusCode).toBe(200);
  });

  it('accepts a code once: the same code is refused on the next login (no replay within its window)', async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = currentTotp(secret, Date.now() + 30_000);
    const one = (await passwordStep(admin.username)).json().challenge;
    expect((await post('/api/auth/login/second-factor', { challenge: one, code })).statusCode).toBe(200);
    const two = (await passwordStep(admin.username)).json().challenge;
    const replay = await post('/api/auth/login/second-factor', { challenge: two, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('Der Code ist falsch oder wurde bereits verwendet');
    // An older code (the step before) is refused too once a newer one was used.
    const older = await post('/api/auth/login/second-factor', { challenge: two, code: currentTotp(secret) });
    expect(older.statusCode).toBe(401);
  });

  it('accepts each recovery code once and tells how many are left', async () => {
    const { admin, codes } = await enrolledAdmin();
    const one = (await passwordStep(admin.username)).json().challenge;
    const used = await post('/api/auth/login/second-factor', { challenge: one, code: codes[3].toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect(used.json().recovery_codes_left).toBe(9);
    const two = (await passwordStep(admin.username)).json().challenge;
    expect((await post('/api/auth/login/second-factor', { challenge: two, code: codes[3] })).statusCode).toBe(401);
  });

  it('a challenge is single use and expires; a forged one is refused', async () => {
    const { admin, secret } = await enrolledAdmin();
    const challenge = (await passwordStep(admin.username)).json().challenge;
    expect(
      (await post('/api/auth/login/second-factor', { challenge, code: currentTotp(secret, Date.now() + 30_000) }))
        .statusCode,
    ).toBe(200);
    const reused = await post('/api/auth/login/second-factor', {
      challenge,
      code: currentTotp(secret, Date.now() + 60_000),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.');
    const made = (await passwordStep(admin.username)).json().challenge;
    await ctx.db.execute(
      (await import('drizzle-orm'))
        .sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'login_totp' AND used_at IS NULL`,
    );
    const expired = await post('/api/auth/login/second-factor', {
      challenge: made,
      code: currentTotp(secret, Date.now() + 60_000),
    });
    expect(expired.statusCode).toBe(401);
    const forged = await post('/api/auth/login/second-factor', { challenge: 'x'.repeat(43), code: '123456' });
    expect(forged.statusCode).toBe(401);
  });

  it('counts wrong codes towards the login rate limit and audits them', async () => {
    const { admin } = await enrolledAdmin();
    const from = '10.99.0.1';
    for (let i = 0; i < 5; i++) {
      const challenge = (await passwordStep(admin.username, TEST_PASSWORD, `10.98.0.${i}`)).json().challenge;
      const res = await post('/api/auth/login/second-factor', { challenge, code: '000000' }, undefined, `10.98.1.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await passwordStep(admin.username, TEST_PASSWORD, from);
    expect(blocked.statusCode).toBe(429);
    const failures = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'login_failed'));
    expect(failures.filter((f) => f.actorId === admin.id)).toHaveLength(5);
  });
});

describe('turning 2FA off and resetting it', () => {
  it('needs the password and a code to switch off', async () => {
    const { token, secret } = await enrolledAdmin();
    const noCode = await post('/api/account/totp/disable', { password: TEST_PASSWORD, code: '000000' }, token);
    expect(noCode.statusCode).toBe(400);
    const wrongPassword = await post(
      '/api/account/totp/disable',
      { password: 'falsch-falsch', code: currentTotp(secret, Date.now() + 30_000) },
      token,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details.password).toBe('Das Passwort ist falsch');
    const ok = await post(
      '/api/account/totp/disable',
      { password: TEST_PASSWORD, code: currentTotp(secret, Date.now() + 30_000) },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/account', token })).json().totp_enabled).toBe(false);
  });

  it('forces enrolment at the next login when the setting requires 2FA for all staff', async () => {
    const boss = await buildAdmin(ctx.db);
    const bossToken = await ctx.login('admin', boss.username, TEST_PASSWORD);
    const staff = await buildAdmin(ctx.db);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/settings/security',
      payload: { require_staff_totp: true },
      token: bossToken,
    });
    expect(saved.json()).toEqual({ require_staff_totp: true });
    try {
      const first = (await passwordStep(staff.username)).json();
      expect(first).toMatchObject({ second_factor: 'enrol' });
      const setup = await post('/api/auth/login/enrolment', { challenge: first.challenge });
      expect(setup.statusCode).toBe(200);
      const secret = setup.json().secret.replace(/\s/g, '');
      const done = await post('/api/auth/login/enrolment/confirm', {
        challenge: first.challenge,
        code: currentTotp(secret),
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      expect(done.json().token).toBeTypeOf('string');
      // From now on the code is asked.
      expect((await passwordStep(staff.username)).json().second_factor).toBe('totp');
    } finally {
      await ctx.request({
        method: 'PUT',
        url: '/api/settings/security',
        payload: { require_staff_totp: false },
        token: bossToken,
      });
    }
  });

  it("lets an admin reset another admin's 2FA (audited), not their own", async () => {
    const { admin } = await enrolledAdmin({ email: 'zwei-faktor@example.at' });
    const other = await buildAdmin(ctx.db);
    const otherToken = await ctx.login('admin', other.username, TEST_PASSWORD);
    const res = await post(`/api/staff/${admin.id}/totp/reset`, {}, otherToken);
    expect(res.statusCode).toBe(200);
    expect((await passwordStep(admin.username)).json().token).toBeTypeOf('string');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'totp_reset'));
    const notices = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'zwei-faktor@example.at'));
    expect(notices.map((m) => m.textBody).join('\n')).toMatch(/Zwei-Faktor-Anmeldung wurde von einer Administratorin/);
    expect(audit.find((a) => a.entityId === String(admin.id))?.actorName).toBe(other.username);
    expect((await post(`/api/staff/${other.id}/totp/reset`, {}, otherToken)).statusCode).toBe(409);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { accountTokens, auditLog } from '../../db/schema/index.js';
import { issueToken } from './account-tokens.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const NEW = 'Frisch-gesetztes-Kennwort-3';
const info = (token: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/password-link/info', payload: { token } });
const setPassword = (token: string, password = NEW) =>
  ctx.request({ method: 'POST', url: '/api/auth/password-link', payload: { token, password } });
const INVALID = 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte einen neuen Link anfordern.';

describe('invitation and reset links', () => {
  it('an invitation names the account, sets the password once and the account can log in', async () => {
    const customer = await buildCustomer(ctx.db, { passwordHash: null, firstName: 'Lena', lastName: 'Bauer' });
    await expect(ctx.login('customer', customer.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    const { token } = await issueToken(
      ctx.db,
      'customer_invitation',
      { userType: 'customer', id: customer.id },
      7 * 24 * 60,
    );
    const described = await info(token);
    expect(described.json()).toMatchObject({
      kind: 'invitation',
      user_type: 'customer',
      name: 'Lena Bauer',
      login: customer.email,
    });
    const done = await setPassword(token);
    expect(done.json()).toEqual({ success: true, user_type: 'customer', login: customer.email });
    await expect(ctx.login('customer', customer.email, NEW)).resolves.toBeTypeOf('string');
    // Reused: refused with the same German sentence.
    const again = await setPassword(token, 'Noch-ein-anderes-Kennwort-4');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID, details: { token: INVALID } });
    expect((await info(token)).statusCode).toBe(400);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'password_set'));
    expect(audit.map((a) => a.customerId)).toContain(customer.id);
  });

  it('refuses an expired link and keeps only the hash of the token', async () => {
    const admin = await buildAdmin(ctx.db);
    const { token } = await issueToken(ctx.db, 'password_reset', { userType: 'admin', id: admin.id }, 60);
    const rows = await ctx.db.select().from(accountTokens).where(eq(accountTokens.adminId, admin.id));
    expect(JSON.stringify(rows)).not.toContain(token);
    await ctx.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE admin_id = ${admin.id}`,
    );
    expect((await setPassword(token)).json().error).toBe(INVALID);
    await expect(ctx.login('admin', admin.username, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('refuses foreign tokens: a login challenge, a forged token, a superseded link', async () => {
    const admin = await buildAdmin(ctx.db);
    const challenge = await issueToken(ctx.db, 'login_totp', { userType: 'admin', id: admin.id }, 5);
    expect((await setPassword(challenge.token)).statusCode).toBe(400);
    expect((await setPassword('A'.repeat(43))).statusCode).toBe(400);
    const first = await issueToken(ctx.db, 'password_reset', { userType: 'admin', id: admin.id }, 60);
    const second = await issueToken(ctx.db, 'password_reset', { userType: 'admin', id: admin.id }, 60);
    expect((await setPassword(first.token)).statusCode).toBe(400);
    expect((await setPassword(second.token)).statusCode).toBe(200);
  });

  it('applies the password policy without using up the link, and ends every session of the account', async () => {
    const customer = await buildCustomer(ctx.db);
    const session = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const { token } = await issueToken(ctx.db, 'password_reset', { userType: 'customer', id: customer.id }, 60);
    const weak = await setPassword(token, 'qwertyuiop123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.password).toMatch(/häufig verwendeter/);
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: session })).statusCode).toBe(
      401,
    );
    await expect(ctx.login('customer', customer.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('refuses links of deactivated accounts', async () => {
    const customer = await buildCustomer(ctx.db, { isActive: false });
    const { token } = await issueToken(ctx.db, 'password_reset', { userType: 'customer', id: customer.id }, 60);
    expect((await setPassword(token)).statusCode).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';

/**
 * Decision 0504: a change to how someone signs in, made by staff, ends that person's
 * open sessions, and a customer hears of it.
 */
let ctx: TestContext;
let boss: string;
beforeAll(async () => {
  ctx = await createTestContext();
  boss = await ctx.login('admin', (await buildAdmin(ctx.db)).username, TEST_PASSWORD);
});

const valid = async (token: string) =>
  (await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token })).statusCode;
const mailsTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe('in the customer form', () => {
  it('a password set by staff ends the customer’s sessions and tells them', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Olga' });
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      token: boss,
      payload: { password: 'Vom-Team-gesetzt-2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(await valid(token)).toBe(401);
    const [notice] = await mailsTo(customer.email);
    expect(notice.subject).toBe('Sicherheitshinweis zu deinem Konto');
    expect(notice.textBody).toContain('Unser Team hat das Passwort für die Lounge neu gesetzt');
  });

  it('a new e-mail address ends the sessions and is told to the old address', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Paul', email: 'paul.alt@example.at' });
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      token: boss,
      payload: { email: 'paul.neu@example.at' },
    });
    expect(res.statusCode).toBe(200);
    expect(await valid(token)).toBe(401);
    const [notice] = await mailsTo('paul.alt@example.at');
    expect(notice.textBody).toContain('Die E-Mail-Adresse für die Anmeldung in der Lounge wurde geändert');
    // Other changes in the form leave the session alone.
    const again = await ctx.login('customer', 'paul.neu@example.at', TEST_PASSWORD);
    await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      token: boss,
      payload: { phone: '+43 1 234' },
    });
    expect(await valid(again)).toBe(200);
  });
});

describe('for staff', () => {
  async function enrolled() {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const setup = await ctx.request({ method: 'POST', url: '/api/account/totp/setup', token });
    const secret = setup.json().secret.replace(/\s/g, '');
    await ctx.request({
      method: 'POST',
      url: '/api/account/totp/confirm',
      token,
      payload: { code: currentTotp(secret) },
    });
    return { admin, token };
  }

  it('an admin resetting someone’s 2FA ends that person’s sessions', async () => {
    const { admin, token } = await enrolled();
    expect(await valid(token)).toBe(200);
    const res = await ctx.request({ method: 'POST', url: `/api/staff/${admin.id}/totp/reset`, token: boss });
    expect(res.statusCode).toBe(200);
    expect(await valid(token)).toBe(401);
  });

  it('switching on mandatory 2FA ends the sessions of staff without it, not the switching admin’s', async () => {
    const withTotp = await enrolled();
    const without = await ctx.login('admin', (await buildAdmin(ctx.db)).username, TEST_PASSWORD);
    try {
      const res = await ctx.request({
        method: 'PUT',
        url: '/api/settings/security',
        token: boss,
        payload: { require_staff_totp: true },
      });
      expect(res.statusCode).toBe(200);
      expect(await valid(without)).toBe(401);
      expect(await valid(withTotp.token)).toBe(200);
      expect(await valid(boss)).toBe(200);
    } finally {
      await ctx.request({
        method: 'PUT',
        url: '/api/settings/security',
        token: boss,
        payload: { require_staff_totp: false },
      });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { readEnv } from '../../env.js';

const login = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, user_type: 'customer' } });

/** `count` wrong passwords from one address, each on a different account. */
async function typosOnDifferentAccounts(ctx: TestContext, count: number, from = 0) {
  for (let i = from; i < from + count; i++) {
    const res = await login(ctx, `tippfehler${i}@example.at`, 'falsch');
    expect(res.statusCode).toBe(401);
  }
}

describe('LOGIN_FAILURES_PER_ADDRESS', () => {
  it('by default, an office behind one address keeps signing in after many typos (decision 0500)', async () => {
    const ctx = await createTestContext();
    const colleague = await buildCustomer(ctx.db);
    await typosOnDifferentAccounts(ctx, 12);
    expect((await login(ctx, colleague.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('by default refuses an address after 50 failures, exactly, also when they arrive at once', async () => {
    const ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login(ctx, `burst${i}@example.at`, 'falsch')));
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('raised or lowered, an address is refused only after that many failures', async () => {
    const ctx = await createTestContext({ LOGIN_FAILURES_PER_ADDRESS: '8' });
    const customer = await buildCustomer(ctx.db);
    await typosOnDifferentAccounts(ctx, 7);
    expect((await login(ctx, customer.email, TEST_PASSWORD)).statusCode).toBe(200);
    await typosOnDifferentAccounts(ctx, 1, 7);
    const refused = await login(ctx, customer.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
  });

  it('never loosens the limit of one account: five wrong passwords still lock it', async () => {
    const ctx = await createTestContext({ LOGIN_FAILURES_PER_ADDRESS: '100' });
    const customer = await buildCustomer(ctx.db);
    for (let i = 0; i < 5; i++) expect((await login(ctx, customer.email, 'falsch')).statusCode).toBe(401);
    expect((await login(ctx, customer.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('defaults to 50 and cannot be set below five', () => {
    expect(readEnv({}).LOGIN_FAILURES_PER_ADDRESS).toBe(50);
    expect(() => readEnv({ LOGIN_FAILURES_PER_ADDRESS: '2' })).toThrow();
  });
});

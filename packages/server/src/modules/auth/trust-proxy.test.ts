import { describe, expect, it } from 'vitest';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { readEnv } from '../../env.js';

/**
 * Five wrong passwords from one visitor, then a correct login from another, both through the
 * proxy (with LOGIN_FAILURES_PER_ADDRESS=5, so five failures lock an address).
 */
async function lockoutThroughProxy(ctx: TestContext) {
  const login = (payload: Record<string, unknown>, visitor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      remoteAddress: '127.0.0.1', // the reverse proxy
      headers: { 'x-forwarded-for': visitor },
    });
  for (let i = 0; i < 5; i++) {
    const res = await login(
      { email: `tippfehler${i}@example.at`, password: 'falsch', user_type: 'customer' },
      '203.0.113.7',
    );
    expect(res.statusCode).toBe(401);
  }
  const customer = await buildCustomer(ctx.db);
  const credentials = { email: customer.email, password: TEST_PASSWORD, user_type: 'customer' };
  return {
    otherVisitor: await login(credentials, '198.51.100.23'),
    sameVisitor: await login(credentials, '203.0.113.7'),
  };
}

describe('TRUST_PROXY', () => {
  it('behind a trusted proxy counts failed logins per visitor address (X-Forwarded-For)', async () => {
    const ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1', LOGIN_FAILURES_PER_ADDRESS: '5' });
    const { otherVisitor, sameVisitor } = await lockoutThroughProxy(ctx);
    expect(otherVisitor.statusCode, otherVisitor.body).toBe(200);
    expect(sameVisitor.statusCode).toBe(429);
    expect(sameVisitor.json().error).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
  });

  it('off by default: X-Forwarded-For is ignored, so everyone behind the proxy shares one address', async () => {
    const ctx = await createTestContext({ LOGIN_FAILURES_PER_ADDRESS: '5' });
    const { otherVisitor } = await lockoutThroughProxy(ctx);
    expect(otherVisitor.statusCode).toBe(429);
  });

  it('accepts false, true, a hop count or addresses and CIDR ranges, and refuses anything else', () => {
    const env = (value?: string) => readEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(env()).toBe(false);
    expect(env('false')).toBe(false);
    expect(env('true')).toBe(true);
    expect(env('2')).toBe(2);
    expect(env('127.0.0.1, ::1,10.0.0.0/8')).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(() => env('nginx')).toThrow(/TRUST_PROXY must be/);
    expect(() => env('10.0.0.0/33')).toThrow(/TRUST_PROXY must be/);
  });
});

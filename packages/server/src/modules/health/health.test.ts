import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '3' });
  const admin = await buildAdmin(ctx.db);
  // The login route has its own limit (auth.routes.ts), so this costs none of the three.
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

describe('GET /api/health and the general rate limit', () => {
  it('answers every poll of a load balancer and uses none of the API budget', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ctx.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode, `poll ${i + 1}`).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // The three API requests of the minute are still all there; the fourth is refused.
    for (let i = 0; i < 3; i++) {
      const res = await ctx.request({ method: 'GET', url: '/api/customers', token });
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const limited = await ctx.request({ method: 'GET', url: '/api/customers', token });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.' });
    // And polling goes on while the API is limited.
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

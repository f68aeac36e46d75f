import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../test/access-matrix.js';
import { buildAdmin, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { currentTotp } from './totp.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

describe('the API document (decision 0504)', () => {
  it('lists the routes to staff only: 401 without a session, 403 for customers', async () => {
    for (const url of ['/api/docs/json', '/api/docs/yaml']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
      const customer = await ctx.request({ method: 'GET', url, token: actors.tokens.customerA });
      expect(customer.statusCode).toBe(403);
      expect(customer.body).not.toContain('/api/customers');
      const staff = await ctx.request({ method: 'GET', url, token: actors.tokens.admin });
      expect(staff.statusCode).toBe(200);
      expect(staff.body).toContain('/api/customers/{id}');
    }
  });

  it('serves the page, which names no route and fetches the document with the back office token', async () => {
    const page = await ctx.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/api/customers');
    const init = await ctx.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toMatch(/requestInterceptor[\s\S]*localStorage\.getItem\(["']token["']\)/);
  });
});

describe('Cache-Control on every /api answer (decision 0504)', () => {
  const noStore = (res: { headers: Record<string, unknown> }) => expect(res.headers['cache-control']).toBe('no-store');

  it('answers that carry a token or personal data are no-store', async () => {
    const admin = await buildAdmin(ctx.db);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' },
    });
    expect(login.json().token).toBeTypeOf('string');
    noStore(login);
    const token = login.json().token;
    const setup = await ctx.request({ method: 'POST', url: '/api/account/totp/setup', token });
    noStore(setup);
    const secret = setup.json().secret.replace(/\s/g, '');
    await ctx.request({
      method: 'POST',
      url: '/api/account/totp/confirm',
      token,
      payload: { code: currentTotp(secret) },
    });
    const challenge = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' },
    });
    noStore(challenge);
    const second = await ctx.request({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge: challenge.json().challenge, code: currentTotp(secret, Date.now() + 30_000) },
    });
    expect(second.statusCode).toBe(200);
    noStore(second);
    noStore(
      await ctx.request({ method: 'POST', url: '/api/auth/password-link/info', payload: { token: 'x'.repeat(43) } }),
    );
    noStore(await ctx.request({ method: 'GET', url: '/api/customers', token: actors.tokens.admin }));
    noStore(
      await ctx.request({
        method: 'GET',
        url: `/api/customers/${actors.customerA.id}/dashboard`,
        token: actors.tokens.customerA,
      }),
    );
    noStore(await ctx.request({ method: 'GET', url: '/api/gibt-es-nicht' }));
  });
});

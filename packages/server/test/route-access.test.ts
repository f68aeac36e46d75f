import { ALL_PERMISSIONS } from '@butler/contract/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, TEST_PASSWORD } from './factories.js';
import { createTestContext, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  'GET /api/health',
  // The second step of a staff login: the challenge of the first step is the credential.
  'POST /api/auth/login/second-factor',
  'POST /api/auth/login/enrolment',
  'POST /api/auth/login/enrolment/confirm',
  // Invitation and reset links: the single-use token is the credential.
  'POST /api/auth/password-link/info',
  'POST /api/auth/password-link',
  'POST /api/auth/forgot-password',
  // Staff "Passwort vergessen": a neutral answer, rate-limited like the customers' (decision 0756).
  'POST /api/auth/staff/forgot-password',
  // The page for a referred friend: provider, gift and contact, no customer data (decision 0760).
  'GET /api/referral-invitation',
  // A Kalender-Abo: its address's secret is the access (decision 0841).
  'GET /api/calendar/:file',
  // The owner's name, accent and logo: shown on the login pages anyway (decision 0635).
  'GET /api/brand',
  'GET /api/brand/logo',
]);

describe('route access declarations', () => {
  it('every API route declares who may call it', () => {
    expect(ctx.app.routeAccess.length).toBeGreaterThan(2);
    for (const route of ctx.app.routeAccess) {
      const access = route.access;
      const declared = typeof access === 'string' ? access : access.permission;
      // A permission of the role table (decision 0540), or one of the kinds without one.
      expect(['public', 'authenticated', 'staff', ...ALL_PERMISSIONS], `${route.method} ${route.url}`).toContain(
        declared,
      );
    }
  });

  it('only the intended routes are public', () => {
    const publicRoutes = ctx.app.routeAccess.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every non-public route answers 401 "Nicht angemeldet" to an anonymous caller', async () => {
    for (const route of ctx.app.routeAccess.filter((r) => r.access !== 'public')) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await ctx.request({
        method: route.method as any,
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Nicht angemeldet' });
    }
  });

  it('unknown API paths answer a German 404', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Diese Adresse gibt es nicht');
  });

  it('serves the OpenAPI document at /api/docs (to staff, lib/api-docs.test.ts)', async () => {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
    // Bodies that may be left out (zOptionalBody) still document their fields.
    const send = res.json().paths['/api/quickbill/invoices/{id}/send'].post;
    expect(JSON.stringify(send.requestBody)).toContain('subject');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x', password: 'y'.repeat(1_100_000), user_type: 'customer' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBeTypeOf('string');
  });
});

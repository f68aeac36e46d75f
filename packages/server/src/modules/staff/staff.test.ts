import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildAdmin, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog } from '../../db/schema/index.js';
import type { TwoFactor } from '../auth/two-factor.service.js';
import { createStaffService } from './staff.service.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const as = (token: string) => ({
  get: (url: string) => ctx.request({ method: 'GET', url, token }),
  put: (url: string, payload: unknown) => ctx.request({ method: 'PUT', url, payload: payload as any, token }),
  post: (url: string) => ctx.request({ method: 'POST', url, payload: {}, token }),
});

describe('Mitarbeiter', () => {
  it('lists staff without hashes or secrets, marking oneself', async () => {
    const res = await as(actors.tokens.admin!).get('/api/staff');
    expect(res.statusCode).toBe(200);
    const self = res.json().find((s: any) => s.username === actors.adminUsername);
    expect(self).toMatchObject({ is_self: true, is_active: true, invitation_pending: false, totp_enabled: false });
    expect(self.active_sessions).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toMatch(/argon2|password|secret/i);
  });

  it('nobody deactivates themselves', async () => {
    const self = (await as(actors.tokens.admin!).get('/api/staff')).json().find((s: any) => s.is_self);
    const res = await as(actors.tokens.admin!).put(`/api/staff/${self.id}/active`, { is_active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Sie können sich nicht selbst deaktivieren');
  });

  it('deactivating ends the sessions and blocks the login; reactivating lets the person log in again', async () => {
    const worker = await buildAdmin(ctx.db, { name: 'Petra Wagner' });
    const workerToken = await ctx.login('admin', worker.username, TEST_PASSWORD);
    const off = await as(actors.tokens.admin!).put(`/api/staff/${worker.id}/active`, { is_active: false });
    expect(off.json()).toMatchObject({ id: worker.id, is_active: false, name: 'Petra Wagner', active_sessions: 0 });
    expect((await as(workerToken).post('/api/auth/validate-token')).statusCode).toBe(401);
    await expect(ctx.login('admin', worker.username, TEST_PASSWORD)).rejects.toThrow(/403/);
    const on = await as(actors.tokens.admin!).put(`/api/staff/${worker.id}/active`, { is_active: true });
    expect(on.json().is_active).toBe(true);
    await expect(ctx.login('admin', worker.username, TEST_PASSWORD)).resolves.toBeTypeOf('string');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(worker.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['deactivate', 'activate', 'sessions_end']));
  });

  it('the last active admin is never deactivated, even when two admins deactivate each other at once', async () => {
    const a = await buildAdmin(ctx.db);
    const b = await buildAdmin(ctx.db);
    const aToken = await ctx.login('admin', a.username, TEST_PASSWORD);
    const bToken = await ctx.login('admin', b.username, TEST_PASSWORD);
    const others = (await ctx.db.select().from(admins)).filter((x) => x.isActive && x.id !== a.id && x.id !== b.id);
    await ctx.db
      .update(admins)
      .set({ isActive: false })
      .where(
        inArray(
          admins.id,
          others.map((x) => x.id),
        ),
      );
    try {
      // Both calls are past the access check before either commits (service level, same moment).
      const staff = createStaffService(ctx.db, {} as TwoFactor);
      const session = (id: number) => ({
        sessionId: '',
        userType: 'admin' as const,
        adminId: id,
        customerId: null,
        displayName: 'x',
        expiresAt: new Date(),
      });
      const answers = await Promise.allSettled([
        staff.setActive(session(a.id), b.id, false),
        staff.setActive(session(b.id), a.id, false),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = answers.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.message).toBe('Der letzte aktive Inhaber kann nicht deaktiviert werden');
      // Over HTTP the remaining admin cannot deactivate themselves either.
      const survivor = answers[0].status === 'fulfilled' ? { token: aToken, id: a.id } : { token: bToken, id: b.id };
      expect((await as(survivor.token).put(`/api/staff/${survivor.id}/active`, { is_active: false })).statusCode).toBe(
        409,
      );
      const active = (await ctx.db.select().from(admins)).filter((x) => x.isActive);
      expect(active).toHaveLength(1);
    } finally {
      await ctx.db
        .update(admins)
        .set({ isActive: true })
        .where(
          inArray(
            admins.id,
            others.map((x) => x.id),
          ),
        );
    }
  });

  it("'Anmeldungen beenden' ends every session of a person", async () => {
    const worker = await buildAdmin(ctx.db);
    const t1 = await ctx.login('admin', worker.username, TEST_PASSWORD);
    const t2 = await ctx.login('admin', worker.username, TEST_PASSWORD);
    const res = await as(actors.tokens.admin!).post(`/api/staff/${worker.id}/sessions/end`);
    expect(res.json()).toEqual({ success: true, ended: 2 });
    for (const t of [t1, t2]) expect((await as(t).post('/api/auth/validate-token')).statusCode).toBe(401);
  });

  it('refuses unknown ids with a German 404 and hostile bodies with a German 400', async () => {
    expect((await as(actors.tokens.admin!).put('/api/staff/999999/active', { is_active: false })).json().error).toBe(
      'Mitarbeiter nicht gefunden',
    );
    const bad = await as(actors.tokens.admin!).put('/api/staff/1/active', { is_active: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.is_active).toBe('Ungültiger Wert');
    const settings = await as(actors.tokens.admin!).put('/api/settings/security', { require_staff_totp: 'x' });
    expect(settings.statusCode).toBe(400);
  });
});

describe('access matrix of the account, staff and Protokoll routes', () => {
  it('staff routes are admin-only', async () => {
    const adminOnly = { customerA: 403, customerB: 403 };
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/staff' }, { ...adminOnly, admin: 200 });
    await expectAccess(
      ctx,
      actors,
      { method: 'PUT', url: '/api/staff/999999/active', payload: { is_active: true } },
      { ...adminOnly, admin: 404 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/staff/999999/sessions/end' },
      { ...adminOnly, admin: 404 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/staff/999999/totp/reset' },
      { ...adminOnly, admin: 404 },
    );
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/settings/security' }, { ...adminOnly, admin: 200 });
    await expectAccess(
      ctx,
      actors,
      { method: 'PUT', url: '/api/settings/security', payload: { require_staff_totp: false } },
      { ...adminOnly, admin: 200 },
    );
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/audit' }, { ...adminOnly, admin: 200 });
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/audit/export.csv' }, { ...adminOnly, admin: 200 });
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/audit/filters' }, { ...adminOnly, admin: 200 });
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/account/totp/disable', payload: { password: 'x', code: '1' } },
      { ...adminOnly, admin: 409 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/account/totp/recovery-codes', payload: { password: 'x', code: '1' } },
      { ...adminOnly, admin: 409 },
    );
    await expectAccess(ctx, actors, { method: 'POST', url: '/api/account/totp/setup' }, { ...adminOnly, admin: 200 });
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/account/totp/confirm', payload: { code: '123456' } },
      { ...adminOnly, admin: 400 },
    );
  });

  it('own-account routes are for everyone signed in; reveals only for the customer named', async () => {
    const all = { customerA: 200, customerB: 200, admin: 200 };
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/account' }, all);
    await expectAccess(ctx, actors, { method: 'GET', url: '/api/account/sessions' }, all);
    await expectAccess(ctx, actors, { method: 'POST', url: '/api/account/sessions/end-others' }, all);
    await expectAccess(
      ctx,
      actors,
      { method: 'DELETE', url: '/api/account/sessions/00000000-0000-4000-8000-000000000000' },
      { customerA: 404, customerB: 404, admin: 404 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: '/api/account/password', payload: {} },
      { customerA: 400, customerB: 400, admin: 400 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${actors.customerA.id}/secret-reveals` },
      { customerA: 200, customerB: 403, admin: 200 },
    );
  });
});

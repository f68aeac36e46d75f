import { DASHBOARD_SETTINGS_DEFAULTS } from '@butler/contract/admin-dashboard';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const valid = {
  monthly_target_hours: 150,
  color_threshold_red_max: 25,
  color_threshold_yellow_max: 60.5,
  sellable_hours_per_month: 140,
  workload_threshold_green_max: 75,
  workload_threshold_yellow_max: 150,
};
const put = (payload: unknown, token = actors.tokens.admin) =>
  ctx.request({ method: 'PUT', url: '/api/admin/dashboard-settings', payload: payload as any, token });

describe('dashboard settings', () => {
  it('answers the SPEC §9 defaults while nothing was saved', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/admin/dashboard-settings', token: actors.tokens.admin });
    expect(res.json()).toEqual({
      monthly_target_hours: 100,
      color_threshold_red_max: 30,
      color_threshold_yellow_max: 70,
      sellable_hours_per_month: 120,
      workload_threshold_green_max: 80,
      workload_threshold_yellow_max: 100,
    });
    expect(res.json()).toEqual(DASHBOARD_SETTINGS_DEFAULTS);
  });

  it('saves, answers and audits the new values; the stats carry them', async () => {
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(valid);
    const again = await ctx.request({
      method: 'GET',
      url: '/api/admin/dashboard-settings',
      token: actors.tokens.admin,
    });
    expect(again.json()).toEqual(valid);
    const stats = await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token: actors.tokens.admin });
    expect(stats.json().dashboard_settings).toEqual(valid);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'dashboard_settings'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'admin', actorName: actors.adminUsername });
    expect(audit[0].changes?.monthly_target_hours).toEqual({ before: 100, after: 150 });
    await put({ ...valid, monthly_target_hours: 90 });
    const second = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'dashboard_settings'));
    expect(second.at(-1)?.changes).toEqual({ monthly_target_hours: { before: 150, after: 90 } });
  });

  it('rejects out-of-range values with the German message of the field (SPEC §5)', async () => {
    const cases: Array<[string, number, string]> = [
      ['monthly_target_hours', 0.5, 'Das Monatsziel muss mindestens 1 Stunde betragen'],
      ['sellable_hours_per_month', 0, 'Die verkaufbaren Stunden pro Monat müssen mindestens 1 betragen'],
      ['color_threshold_red_max', -1, 'Der Grenzwert für Rot darf nicht negativ sein'],
      ['color_threshold_yellow_max', -0.5, 'Der Grenzwert für Gelb darf nicht negativ sein'],
      ['workload_threshold_green_max', 101, 'Die Auslastungsgrenze Grün muss zwischen 0 und 100\u00a0% liegen'],
      ['workload_threshold_yellow_max', 201, 'Die Auslastungsgrenze Gelb muss zwischen 0 und 200\u00a0% liegen'],
    ];
    for (const [field, value, message] of cases) {
      const res = await put({ ...valid, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ error: message, details: { [field]: message } });
    }
  });

  it('accepts the edges of every range', async () => {
    const edges = {
      monthly_target_hours: 1,
      color_threshold_red_max: 0,
      color_threshold_yellow_max: 0,
      sellable_hours_per_month: 1,
      workload_threshold_green_max: 100,
      workload_threshold_yellow_max: 200,
    };
    expect((await put(edges)).json()).toEqual(edges);
  });

  it('rejects missing and non-numeric values with 400', async () => {
    const { monthly_target_hours: _, ...missing } = valid;
    for (const payload of [
      missing,
      { ...valid, sellable_hours_per_month: 'viele' },
      { ...valid, monthly_target_hours: 10.123 },
    ]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('is admin only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/admin/dashboard-settings' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'PUT', url: '/api/admin/dashboard-settings', payload: valid },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildHourPackage, buildProject, buildSubscription, buildTimeEntry } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

/**
 * Today = 20 November 2026. Anna: subscription from 01.11.2026, 8 h/month; November entries
 * 5 h + 4.5 h = 9.5 h → 1.5 h over (the gauge's overage state). Packages: 4 h bought,
 * 1 h + 4 h used → remaining −1 (Minus).
 */
let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  setClock('2026-11-20');
  ctx = await createTestContext();
  actors = await createActors(ctx);
  const anna = actors.customerA.id;
  const project = await buildProject(ctx.db, anna, { name: 'Garten' });
  await buildSubscription(ctx.db, anna, { startDate: '2026-11-01', endDate: '2027-10-31', monthlyHours: '8' });
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-11-03', hours: '5', createdBy: 'chefin' });
  await buildTimeEntry(ctx.db, anna, project.id, {
    workDate: '2026-11-18',
    hours: '4.5',
    activityDescription: 'Rasen',
  });
  await buildHourPackage(ctx.db, anna, { hours: '4', purchaseDate: '2026-10-01' });
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-10-02', hours: '1', billingType: 'stundenpakete' });
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-10-09', hours: '4', billingType: 'stundenpakete' });
});
afterAll(() => setClock(null));

const url = (id: number, query: string) => `/api/customers/${id}/deductions?${query}`;

describe('GET /api/customers/:id/deductions', () => {
  it('abos: the current period gauge with overuse and the entries newest first', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: url(actors.customerA.id, 'billing_type=abos'),
      token: actors.tokens.customerA,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toEqual({ id: actors.customerA.id, first_name: 'Anna', last_name: expect.any(String) });
    expect(body.subscription_gauge).toEqual({
      has_subscription: true,
      monthly_hours: 8,
      used_hours: 9.5,
      remaining_hours: -1.5,
    });
    expect(body.package_gauge).toBeNull();
    expect(body.total_count).toBe(2);
    expect(body.entries.map((e: any) => [e.work_date, e.hours, e.activity_description, e.project_name])).toEqual([
      ['2026-11-18', 4.5, 'Rasen', 'Garten'],
      ['2026-11-03', 5, 'Einkauf erledigt', 'Garten'],
    ]);
    expect(body.entries[1].created_by).toBe('chefin');
  });

  it('stundenpakete: purchased, used and a negative remaining', async () => {
    const body = (
      await ctx.request({
        method: 'GET',
        url: url(actors.customerA.id, 'billing_type=stundenpakete'),
        token: actors.tokens.admin,
      })
    ).json();
    expect(body.package_gauge).toEqual({ purchased_hours: 4, used_hours: 5, remaining_hours: -1 });
    expect(body.subscription_gauge).toBeNull();
    expect(body.total_count).toBe(2);
  });

  it('pages in SQL: page 2 of size 1 holds the older entry, the count stays', async () => {
    const body = (
      await ctx.request({
        method: 'GET',
        url: url(actors.customerA.id, 'billing_type=abos&page=2&page_size=1'),
        token: actors.tokens.customerA,
      })
    ).json();
    expect(body.entries.map((e: any) => e.work_date)).toEqual(['2026-11-03']);
    expect([body.total_count, body.page, body.page_size]).toEqual([2, 2, 1]);
  });

  it('without a subscription the gauge says so', async () => {
    const body = (
      await ctx.request({
        method: 'GET',
        url: url(actors.customerB.id, 'billing_type=abos'),
        token: actors.tokens.customerB,
      })
    ).json();
    expect(body.subscription_gauge).toEqual({
      has_subscription: false,
      monthly_hours: 0,
      used_hours: 0,
      remaining_hours: 0,
    });
    expect(body.entries).toEqual([]);
  });

  it('rejects a missing or unknown billing type with a German 400, unknown customers with 404', async () => {
    for (const query of ['', 'billing_type=alles']) {
      const res = await ctx.request({
        method: 'GET',
        url: url(actors.customerA.id, query),
        token: actors.tokens.admin,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Ungültige Abrechnungsart (abos oder stundenpakete)');
    }
    const res = await ctx.request({ method: 'GET', url: url(999999, 'billing_type=abos'), token: actors.tokens.admin });
    expect(res.json()).toEqual({ error: 'Kunde nicht gefunden' });
  });

  it('enforces the access matrix', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: url(actors.customerA.id, 'billing_type=abos') },
      {
        customerA: 200,
        customerB: [403, 404],
        admin: 200,
      },
    );
  });
});

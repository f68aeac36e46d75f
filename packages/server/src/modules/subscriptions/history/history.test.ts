import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { buildProject, buildSubscription, buildTimeEntry } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { subscriptions, visits } from '../../../db/schema/index.js';
import { setClock } from '../../../lib/clock.js';

/**
 * Today = 5 March 2026. Subscription from 31.12.2025, 6 months, 4 h/month. Periods (clamped
 * to month ends): 31.12.–30.01. (Dezember 2025), 31.01.–27.02. (Jänner 2026),
 * 28.02.–30.03. (Februar 2026, current); the rest has not started.
 * Entries: 30.01. 1 h (Dezember period), 31.01. 6 h (Jänner: −2), 28.02. 0.75 h.
 * Balances +3, −2, +3.25 → total 4.25. Newest first: Februar, Jänner, Dezember.
 */
let ctx: TestContext;
let actors: Actors;
let subscriptionId: number;

beforeAll(async () => {
  setClock('2026-03-05');
  ctx = await createTestContext();
  actors = await createActors(ctx);
  const anna = actors.customerA.id;
  const project = await buildProject(ctx.db, anna);
  const sub = await buildSubscription(ctx.db, anna, {
    startDate: '2025-12-31',
    endDate: '2026-06-29',
    durationMonths: 6,
    monthlyHours: '4',
  });
  subscriptionId = sub.id;
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-01-30', hours: '1' });
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-01-31', hours: '6' });
  await buildTimeEntry(ctx.db, anna, project.id, { workDate: '2026-02-28', hours: '0.75' });
});
afterAll(() => setClock(null));

describe('GET /api/subscriptions/:id/history', () => {
  it('lists the started periods newest first with German month names and the total balance', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/subscriptions/${subscriptionId}/history`,
      token: actors.tokens.customerA,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_balance).toBe(4.25);
    expect(body.subscription).toMatchObject({ id: subscriptionId, duration_months: 6, monthly_hours: 4 });
    expect(
      body.history.map((r: any) => [r.month, r.month_display, r.allocated_hours, r.used_hours, r.balance]),
    ).toEqual([
      ['2026-02', 'Februar 2026', 4, 0.75, 3.25],
      ['2026-01', 'Jänner 2026', 4, 6, -2],
      ['2025-12', 'Dezember 2025', 4, 1, 3],
    ]);
  });

  it('shows each period the Fahrten done in its calendar month in Vienna, against the ButlerPaket', async () => {
    const anna = actors.customerA.id;
    await ctx.db.update(subscriptions).set({ monthlyTrips: 4 }).where(eq(subscriptions.id, subscriptionId));
    // 00:30 on 1 February in Vienna is still 31 January in UTC: a February trip.
    for (const [startsAt, state] of [
      ['2026-01-15T08:00:00Z', 'done'],
      ['2026-01-31T23:30:00Z', 'done'],
      ['2026-01-20T08:00:00Z', 'cancelled'],
    ] as const)
      await ctx.db.insert(visits).values({
        customerId: anna,
        startsAt: new Date(startsAt),
        endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
        kind: 'trip',
        state,
        purpose: 'Besuch',
        cancelReason: state === 'cancelled' ? 'krank' : null,
      });
    const res = await ctx.request({
      method: 'GET',
      url: `/api/subscriptions/${subscriptionId}/history`,
      token: actors.tokens.admin,
    });
    expect(res.json().history.map((r: any) => [r.month, r.trips_used, r.trips_allotted])).toEqual([
      ['2026-02', 1, 4],
      ['2026-01', 1, 4],
      ['2025-12', 0, 4],
    ]);
  });

  it('hides other customers’ subscriptions behind the same 404 as unknown ids', async () => {
    const other = await ctx.request({
      method: 'GET',
      url: `/api/subscriptions/${subscriptionId}/history`,
      token: actors.tokens.customerB,
    });
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/subscriptions/999999/history',
      token: actors.tokens.admin,
    });
    for (const res of [other, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ButlerPaket nicht gefunden' });
    }
  });

  it('is empty before the start', async () => {
    const later = await buildSubscription(ctx.db, actors.customerB.id, {
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    });
    const body = (
      await ctx.request({
        method: 'GET',
        url: `/api/subscriptions/${later.id}/history`,
        token: actors.tokens.customerB,
      })
    ).json();
    expect(body).toMatchObject({ total_balance: 0, history: [] });
  });

  it('rejects a malformed id with 400 and enforces the access matrix', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/subscriptions/abc/history', token: actors.tokens.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Ungültige ID');
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/subscriptions/${subscriptionId}/history` },
      {
        customerA: 200,
        customerB: 404,
        admin: 200,
      },
    );
  });
});

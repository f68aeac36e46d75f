import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { buildCustomer, buildSubscription, buildSubscriptionTemplate } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { auditLog, subscriptionBillingMonths, subscriptions } from '../../../db/schema/index.js';
import { setClock } from '../../../lib/clock.js';

/** The routes of "Nächste Abrechnungen", "Diesen Zeitraum aussetzen" and "Verlängern" (decision 0581). */

let ctx: TestContext;
let actors: Actors;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  token = actors.tokens.admin!;
  setClock('2026-11-20');
});
afterAll(() => setClock(null));

const get = (url: string) => ctx.request({ method: 'GET', url, token });
const post = (url: string, payload?: unknown) => ctx.request({ method: 'POST', url, token, payload: payload as never });

describe('Nächste Abrechnungen', () => {
  it('lists the periods the daily job bills in the next 30 days, paged, and not one that is skipped', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Paula', lastName: 'Pichler' });
    const monthly = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      billingStartsOn: null,
    });
    const quarterly = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-12-10',
      endDate: '2027-12-09',
      billingInterval: 'quarterly',
      monthlyPrice: '300',
    });
    // Starts after the 30 days: not yet listed.
    await buildSubscription(ctx.db, c.id, { startDate: '2027-02-01', endDate: '2028-01-31' });

    const res = await get('/api/quickbill/upcoming-billing');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().filter((u: { customer_id: number }) => u.customer_id === c.id);
    expect(mine).toEqual([
      expect.objectContaining({
        subscription_id: monthly.id,
        customer_name: 'Paula Pichler',
        billing_interval: 'monthly',
        period_start: '2026-12-01',
        period_end: '2026-12-31',
        label: 'Dezember 2026',
        amount_net: 500,
      }),
      expect.objectContaining({
        subscription_id: quarterly.id,
        billing_interval: 'quarterly',
        period_start: '2026-12-10',
        period_end: '2027-03-09',
        label: 'Dezember 2026 – Februar 2027',
        amount_net: 900,
      }),
    ]);
    const total = Number(res.headers['x-total-count']);
    const first = await get('/api/quickbill/upcoming-billing?page=1&page_size=1');
    expect(first.json()).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe(String(total));

    const skip = await post(`/api/subscriptions/${monthly.id}/billing/skip`, {
      period_start: '2026-12-01',
      reason: 'Kunde im Krankenhaus',
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const after = (await get('/api/quickbill/upcoming-billing')).json();
    expect(after.some((u: { subscription_id: number }) => u.subscription_id === monthly.id)).toBe(false);
  });

  it('is for staff only', async () => {
    for (const url of ['/api/quickbill/upcoming-billing']) {
      await expectAccess(ctx, actors, { method: 'GET', url }, { customerA: 403, customerB: 403, admin: 200 });
    }
    const sub = await buildSubscription(ctx.db, actors.customerA.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/subscriptions/${sub.id}/billing` },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      {
        method: 'POST',
        url: `/api/subscriptions/${sub.id}/billing/skip`,
        payload: { period_start: '2026-12-01', reason: 'x' },
      },
      { customerA: 403, customerB: 403, admin: [200, 409] },
    );
  });
});

describe('a ButlerPaket entered late', () => {
  it('is billed automatically from the current month on, its earlier months stay for the Monatslauf', async () => {
    const template = await buildSubscriptionTemplate(ctx.db, { name: 'Nachgetragen', durationMonths: 12 });
    const res = await post('/api/subscriptions', {
      customer_id: actors.customerB.id,
      template_id: template.id,
      monthly_hours: 5,
      start_date: '2026-06-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const billing = (await get(`/api/subscriptions/${res.json().id}/billing`)).json();
    expect(billing.billing_starts_on).toBe('2026-11-01');
    const skippable = billing.months
      .filter((m: { skippable: boolean }) => m.skippable)
      .map((m: { month: string }) => m.month);
    expect(skippable[0]).toBe('2026-11');
  });
});

describe('a ButlerPaket’s months', () => {
  it('show each period’s state, where it can be skipped, and the invoice a month was billed with', async () => {
    const c = await buildCustomer(ctx.db);
    const sub = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      billingInterval: 'quarterly',
    });
    const res = await get(`/api/subscriptions/${sub.id}/billing`);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json().months;
    expect(months).toHaveLength(12);
    expect(months.slice(0, 4)).toEqual([
      {
        month: '2026-12',
        period_start: '2026-12-01',
        skippable: true,
        state: 'open',
        reason: null,
        invoice_id: null,
        invoice_number: null,
      },
      expect.objectContaining({ month: '2027-01', period_start: '2026-12-01', skippable: false }),
      expect.objectContaining({ month: '2027-02', period_start: '2026-12-01', skippable: false }),
      expect.objectContaining({ month: '2027-03', period_start: '2027-03-01', skippable: true }),
    ]);

    const bad = await post(`/api/subscriptions/${sub.id}/billing/skip`, { period_start: '2027-01-01', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.period_start).toBe('Dieser Zeitraum gehört nicht zu diesem ButlerPaket');
    const empty = await post(`/api/subscriptions/${sub.id}/billing/skip`, { period_start: '2026-12-01', reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.reason).toBe('Bitte geben Sie einen Grund an');
    const untouched = await ctx.db
      .select()
      .from(subscriptionBillingMonths)
      .where(eq(subscriptionBillingMonths.subscriptionId, sub.id));
    expect(untouched).toEqual([]);

    // Five staff members skip the same quarter at once: it is skipped once, audited once.
    const burst = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        post(`/api/subscriptions/${sub.id}/billing/skip`, { period_start: '2026-12-01', reason: 'Pause über Winter' }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(burst.find((r) => r.statusCode === 409)!.json().error).toBe(
      'Dieser Zeitraum ist bereits abgerechnet oder ausgesetzt',
    );
    const skipped = (await get(`/api/subscriptions/${sub.id}/billing`)).json().months.slice(0, 4);
    expect(skipped.map((m: { state: string }) => m.state)).toEqual(['skipped', 'skipped', 'skipped', 'open']);
    expect(skipped[0]).toMatchObject({ reason: 'Pause über Winter', skippable: false });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing-skip'), eq(auditLog.entityId, String(sub.id))));
    expect(audits).toHaveLength(1);
  });
});

describe('Verlängern', () => {
  it('adds the next term on the same terms once, also when five people click at once', async () => {
    const c = await buildCustomer(ctx.db);
    const sub = await buildSubscription(ctx.db, c.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyHours: '8',
      monthlyPrice: '360',
      billingInterval: 'quarterly',
      paymentMethod: 'lastschrift',
      autoRenew: true,
      agreements: 'Dienstags vormittags',
    });
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => post(`/api/subscriptions/${sub.id}/renew`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(burst.find((r) => r.statusCode === 409)!.json().error).toBe('Dieses ButlerPaket wurde bereits verlängert');
    const created = burst.find((r) => r.statusCode === 201)!.json();
    expect(created).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
    const [next] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, created.id));
    expect(next).toMatchObject({
      customerId: c.id,
      monthlyHours: '8.00',
      monthlyPrice: '360.00',
      durationMonths: 12,
      billingInterval: 'quarterly',
      paymentMethod: 'lastschrift',
      autoRenew: true,
      agreements: 'Dienstags vormittags',
      renewedFromId: sub.id,
    });
    const customerRes = await ctx.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/renew`,
      token: actors.tokens.customerA,
    });
    expect(customerRes.statusCode).toBe(403);
  });
});

import { todayInVienna } from '@butler/contract/format';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildProject,
  buildSubscription,
  buildSubscriptionTemplate,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, subscriptions } from '../../db/schema/index.js';
import { addDays, addMonths } from '../../domain/calendar.js';

let ctx: TestContext;
let actors: Actors;
let templateId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  templateId = (await buildSubscriptionTemplate(ctx.db, { name: 'Classic', durationMonths: 12, pricePerHour: '45.50' }))
    .id;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });
const sell = (payload: Record<string, unknown>) =>
  api('POST', '/api/subscriptions', {
    template_id: templateId,
    monthly_hours: 10,
    start_date: '2026-01-01',
    ...payload,
  });

describe('access', () => {
  it('every subscription route is admin-only', async () => {
    const c = await buildCustomer(ctx.db);
    const s = await buildSubscription(ctx.db, c.id, { startDate: '2020-01-01', endDate: '2020-12-31' });
    const spare = await buildSubscription(ctx.db, c.id, { startDate: '2019-01-01', endDate: '2019-12-31' });
    const body = { template_id: templateId, monthly_hours: 5, start_date: '2020-01-01' };
    for (const call of [
      { method: 'GET', url: '/api/subscriptions' },
      { method: 'GET', url: `/api/subscriptions?customer_id=${actors.customerA.id}` },
      { method: 'POST', url: '/api/subscriptions', payload: { ...body, customer_id: actors.customerA.id } },
      { method: 'PUT', url: `/api/subscriptions/${s.id}`, payload: body },
      { method: 'DELETE', url: `/api/subscriptions/${spare.id}` },
    ] as const) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
  });
});

describe('POST /api/subscriptions', () => {
  it('computes price, end date, name and trips from the template and writes an audit entry', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await sell({
      customer_id: c.id,
      monthly_hours: 7.5,
      start_date: '2026-01-31',
      agreements: ' Montags ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      customer_id: c.id,
      template_id: templateId,
      template_name: 'Classic',
      duration_months: 12,
      monthly_hours: 7.5,
      monthly_price: 341.25,
      original_monthly_price: 341.25,
      has_referral_discount: false,
      start_date: '2026-01-31',
      end_date: '2027-01-30',
      monthly_trips: 2,
      agreements: 'Montags',
      is_active: true,
      total_hours_over_lifetime: 90,
    });
    expect(body).not.toHaveProperty('referral_bonus');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, String(body.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('ignores prices and durations sent by the client', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await sell({
      customer_id: c.id,
      monthly_price: 1,
      original_monthly_price: 1,
      duration_months: 1,
      monthly_trips: 0,
    });
    expect(res.json()).toMatchObject({ monthly_price: 455, duration_months: 12, monthly_trips: 0 });
  });

  it('answers the SPEC texts for missing fields, the template first when only it is missing', async () => {
    const all = await api('POST', '/api/subscriptions', {});
    expect(all.statusCode).toBe(400);
    expect(all.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    expect(all.json().details.template_id).toBe('Bitte wählen Sie ein Butler-Paket aus');
    const c = await buildCustomer(ctx.db);
    const noTemplate = await sell({ customer_id: c.id, template_id: undefined });
    expect(noTemplate.json().error).toBe('Bitte wählen Sie ein Butler-Paket aus');
    const noDate = await sell({ customer_id: c.id, start_date: '' });
    expect(noDate.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    const steps = await sell({ customer_id: c.id, monthly_hours: 7.25 });
    expect(steps.json().error).toBe('Die Stunden müssen ein Vielfaches von 0,5 sein');
    const zero = await sell({ customer_id: c.id, monthly_hours: 0 });
    expect(zero.json().error).toBe('Die Stunden müssen größer als 0 sein');
  });

  it('answers 404 for an unknown customer or template', async () => {
    const unknownCustomer = await sell({ customer_id: 999999 });
    expect(unknownCustomer.statusCode).toBe(404);
    expect(unknownCustomer.json().error).toBe('Kunde nicht gefunden');
    const c = await buildCustomer(ctx.db);
    const unknownTemplate = await sell({ customer_id: c.id, template_id: 999999 });
    expect(unknownTemplate.statusCode).toBe(404);
    expect(unknownTemplate.json().error).toBe('ButlerPaket-Vorlage nicht gefunden');
  });

  it('refuses overlapping terms of one customer (409) but allows the next day and other customers', async () => {
    const c = await buildCustomer(ctx.db);
    expect((await sell({ customer_id: c.id, start_date: '2026-01-01' })).statusCode).toBe(201);
    const overlap = await sell({ customer_id: c.id, start_date: '2026-12-31' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe('Der Zeitraum überschneidet sich mit einem bestehenden ButlerPaket');
    const before = await sell({ customer_id: c.id, start_date: '2025-01-02' });
    expect(before.statusCode).toBe(409);
    expect((await sell({ customer_id: c.id, start_date: '2027-01-01' })).statusCode).toBe(201);
    const other = await buildCustomer(ctx.db);
    expect((await sell({ customer_id: other.id, start_date: '2026-06-01' })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous overlapping sales through', async () => {
    const c = await buildCustomer(ctx.db);
    const results = await Promise.all([
      sell({ customer_id: c.id, start_date: '2026-03-01' }),
      sell({ customer_id: c.id, start_date: '2026-04-01' }),
      sell({ customer_id: c.id, start_date: '2026-05-01' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, c.id))).toHaveLength(1);
  });
});

describe('GET /api/subscriptions', () => {
  it('carries status and balances: carry-over of started periods, abos entries of the customer only', async () => {
    const today = todayInVienna();
    const c = await buildCustomer(ctx.db, { firstName: 'Bilanz', lastName: 'Kundin' });
    const other = await buildCustomer(ctx.db);
    const start = addMonths(today, -2);
    const s = await buildSubscription(ctx.db, c.id, {
      startDate: start,
      endDate: addDays(addMonths(start, 12), -1),
      monthlyHours: '10',
    });
    const p = await buildProject(ctx.db, c.id);
    const op = await buildProject(ctx.db, other.id);
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: start, hours: '4' });
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: addMonths(start, 1), hours: '12.25' });
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: addMonths(start, 1), hours: '-0.25' });
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: today, hours: '3', billingType: 'stundenpakete' });
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: addDays(start, -1), hours: '5' });
    await buildTimeEntry(ctx.db, other.id, op.id, { workDate: today, hours: '7' });

    const res = await api('GET', `/api/subscriptions?customer_id=${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    // Three periods have started (30 h); 16 h used in them.
    expect(res.json()[0]).toMatchObject({
      id: s.id,
      customer_name: 'Bilanz Kundin',
      status: 'active',
      is_current: true,
      total_balance: 14,
      total_hours_over_lifetime: 120,
      total_hours_used_over_lifetime: 16,
    });
  });

  it('shows expired for a past term and for an inactive subscription', async () => {
    const today = todayInVienna();
    const c = await buildCustomer(ctx.db);
    await buildSubscription(ctx.db, c.id, { startDate: addMonths(today, -12), endDate: addDays(today, -1) });
    await buildSubscription(ctx.db, c.id, { startDate: today, endDate: addMonths(today, 1), isActive: false });
    const list = (await api('GET', `/api/subscriptions?customer_id=${c.id}`)).json();
    expect(list.map((s: any) => [s.status, s.is_current])).toEqual([
      ['expired', true],
      ['expired', false],
    ]);
  });

  it('searches by customer name from 3 characters and pages with X-Total-Count', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Serafina', lastName: 'Suchmann' });
    for (const year of [2021, 2022, 2023]) {
      await buildSubscription(ctx.db, c.id, { startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    }
    const found = await api('GET', '/api/subscriptions?search=serafina%20such&page_size=2');
    expect(found.headers['x-total-count']).toBe('3');
    expect(found.json().map((s: any) => s.start_date)).toEqual(['2023-01-01', '2022-01-01']);
    const page2 = await api('GET', '/api/subscriptions?search=SUCHMANN&page=2&page_size=2');
    expect(page2.json().map((s: any) => s.start_date)).toEqual(['2021-01-01']);
    const short = await api('GET', '/api/subscriptions?search=se');
    expect(Number(short.headers['x-total-count'])).toBeGreaterThan(3);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildHourPackage,
  buildSubscription,
  buildSubscriptionTemplate,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, subscriptionTemplates } from '../../db/schema/index.js';

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

describe('PUT /api/subscriptions/:id', () => {
  it('recomputes price and end date when hours, template or start change', async () => {
    const c = await buildCustomer(ctx.db);
    const created = (await sell({ customer_id: c.id })).json();
    const res = await api('PUT', `/api/subscriptions/${created.id}`, {
      template_id: templateId,
      monthly_hours: 12,
      start_date: '2026-02-15',
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      monthly_price: 546,
      end_date: '2027-02-14',
      is_active: false,
      status: 'expired',
    });
    const short = await buildSubscriptionTemplate(ctx.db, {
      name: 'Kurz',
      durationMonths: 3,
      pricePerHour: '60',
      monthlyTrips: 1,
    });
    const switched = await api('PUT', `/api/subscriptions/${created.id}`, {
      template_id: short.id,
      monthly_hours: 12,
      start_date: '2026-02-15',
    });
    expect(switched.json()).toMatchObject({
      template_name: 'Kurz',
      duration_months: 3,
      monthly_price: 720,
      end_date: '2026-05-14',
      monthly_trips: 1,
      is_active: false,
    });
  });

  it('keeps the sold price when only agreements change, even if the template price changed since', async () => {
    const t = await buildSubscriptionTemplate(ctx.db, { pricePerHour: '40' });
    const c = await buildCustomer(ctx.db);
    const created = (await sell({ customer_id: c.id, template_id: t.id })).json();
    await ctx.db.update(subscriptionTemplates).set({ pricePerHour: '99' }).where(eq(subscriptionTemplates.id, t.id));
    const res = await api('PUT', `/api/subscriptions/${created.id}`, {
      template_id: t.id,
      monthly_hours: 10,
      start_date: '2026-01-01',
      agreements: 'Neu vereinbart',
    });
    expect(res.json()).toMatchObject({ monthly_price: 400, agreements: 'Neu vereinbart' });
  });

  it('keeps the referral discount when the hours change', async () => {
    const c = await buildCustomer(ctx.db);
    // One successful referral: 3 % by the default settings (tier 1, cap 25 %).
    const friend = await buildCustomer(ctx.db, { referredById: c.id });
    await buildHourPackage(ctx.db, friend.id);
    const s = await buildSubscription(ctx.db, c.id, {
      templateId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyHours: '10',
      originalMonthlyPrice: '455',
      monthlyPrice: '441.35',
      hasReferralDiscount: true,
    });
    const res = await api('PUT', `/api/subscriptions/${s.id}`, {
      template_id: templateId,
      monthly_hours: 20,
      start_date: '2026-01-01',
    });
    expect(res.json()).toMatchObject({
      original_monthly_price: 910,
      monthly_price: 882.7,
      has_referral_discount: true,
    });
  });

  it('answers the edit text for missing fields, 404 for unknown ids and 409 for overlaps with others only', async () => {
    const c = await buildCustomer(ctx.db);
    const a = (await sell({ customer_id: c.id, start_date: '2026-01-01' })).json();
    const b = (await sell({ customer_id: c.id, start_date: '2027-01-01' })).json();
    const missing = await api('PUT', `/api/subscriptions/${a.id}`, { monthly_hours: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Butler-Paket, monatliche Stunden und Startdatum sind erforderlich');
    const self = await api('PUT', `/api/subscriptions/${a.id}`, {
      template_id: templateId,
      monthly_hours: 10,
      start_date: '2026-01-15',
    });
    expect(self.statusCode).toBe(409);
    const ownShift = await api('PUT', `/api/subscriptions/${b.id}`, {
      template_id: templateId,
      monthly_hours: 10,
      start_date: '2027-02-01',
    });
    expect(ownShift.statusCode).toBe(200);
    const unknown = await api('PUT', '/api/subscriptions/999999', {
      template_id: templateId,
      monthly_hours: 10,
      start_date: '2026-01-01',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('ButlerPaket nicht gefunden');
  });
});

describe('DELETE /api/subscriptions/:id', () => {
  it('deletes, audits and answers 404 afterwards', async () => {
    const c = await buildCustomer(ctx.db);
    const s = (await sell({ customer_id: c.id })).json();
    expect((await api('DELETE', `/api/subscriptions/${s.id}`)).statusCode).toBe(200);
    const again = await api('DELETE', `/api/subscriptions/${s.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('ButlerPaket nicht gefunden');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, String(s.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

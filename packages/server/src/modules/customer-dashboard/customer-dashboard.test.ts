import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, projects, providerSettings, referralSettings } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

/**
 * Hand-made scenario, today = Sunday 15 March 2026 (Vienna).
 * Anna's subscription started 10 January 2026 (two months ago), 12 months, 10 h/month.
 * Periods: 10.01.–09.02. (Jänner), 10.02.–09.03. (Februar), 10.03.–09.04. (März, current).
 * abos entries: 12.01. 3 h and 09.02. 2.5 h → Jänner used 5.5, balance +4.5;
 *               10.02. 12 h → Februar used 12, balance −2 (overuse);
 *               10.03. 4 h and 14.03. −0.5 h (correction) → März used 3.5, remaining 6.5.
 * total_balance = 4.5 − 2 + 6.5 = 9.
 * Packages: 10 h (05.01.) + 5 h (01.03.) = 15 purchased; six entries of 2 h (01.–06.02.)
 * = 12 used; remaining 3. Six entries means 'Alle anzeigen' (more than 5).
 */
let ctx: TestContext;
let actors: Actors;
let annaId: number;
let subscriptionId: number;

beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  actors = await createActors(ctx);
  annaId = actors.customerA.id;
  const project = await buildProject(ctx.db, annaId, { name: 'Haushalt', description: 'Wohnung Wien' });
  await buildProject(ctx.db, annaId, { name: 'Alt', isActive: false });
  const sub = await buildSubscription(ctx.db, annaId, {
    startDate: '2026-01-10',
    endDate: '2027-01-09',
    durationMonths: 12,
    monthlyHours: '10',
  });
  subscriptionId = sub.id;
  const abos: Array<[string, string]> = [
    ['2026-01-12', '3'],
    ['2026-02-09', '2.5'],
    ['2026-02-10', '12'],
    ['2026-03-10', '4'],
    ['2026-03-14', '-0.5'],
  ];
  for (const [workDate, hours] of abos) {
    await buildTimeEntry(ctx.db, annaId, project.id, { workDate, hours, activityDescription: `Abo ${workDate}` });
  }
  await buildHourPackage(ctx.db, annaId, { hours: '10', purchaseDate: '2026-01-05' });
  await buildHourPackage(ctx.db, annaId, { hours: '5', purchaseDate: '2026-03-01' });
  for (let d = 1; d <= 6; d++) {
    await buildTimeEntry(ctx.db, annaId, project.id, {
      workDate: `2026-02-0${d}`,
      hours: '2',
      billingType: 'stundenpakete',
      activityDescription: `Paket ${d}`,
      createdBy: 'chefin',
    });
  }
  const contact = { contactEmail: 'office@butler.at', contactPhone: '+43 1 234567', whatsappNumber: '+436641234567' };
  await ctx.db
    .insert(providerSettings)
    .values({ id: 1, ...contact })
    .onConflictDoUpdate({ target: providerSettings.id, set: contact });
});
afterAll(() => setClock(null));

describe('GET /api/customers/:id/dashboard', () => {
  it('shows the hand-made scenario’s figures', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${annaId}/dashboard`,
      token: actors.tokens.customerA,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({
      id: annaId,
      first_name: 'Anna',
      email: actors.customerA.email,
      birthdate: '1970-01-01',
    });
    expect(body.subscription).toMatchObject({
      id: subscriptionId,
      monthly_hours: 10,
      duration_months: 12,
      current_period_start: '2026-03-10',
      current_period_end: '2026-04-09',
      current_month_hours_used: 3.5,
      current_month_hours_remaining: 6.5,
      total_balance: 9,
    });
    expect(body.subscriptions).toHaveLength(1);
    expect(body.subscriptions[0]).toMatchObject({
      total_balance: 9,
      total_hours_over_lifetime: 120,
      total_hours_used_over_lifetime: 21, // 5.5 + 12 + 3.5
    });
    expect([body.total_hours_purchased, body.total_hours_used, body.remaining_hours]).toEqual([15, 12, 3]);
    expect(body.projects).toEqual([expect.objectContaining({ name: 'Haushalt', description: 'Wohnung Wien' })]);
    expect(body.subscription_deductions.map((d: any) => d.work_date)).toEqual([
      '2026-03-14',
      '2026-03-10',
      '2026-02-10',
      '2026-02-09',
      '2026-01-12',
    ]);
    expect(body.subscription_deductions_count).toBe(5); // exactly 5: no 'Alle anzeigen'
    expect(body.hour_package_deductions).toHaveLength(5);
    expect(body.hour_package_deductions_count).toBe(6); // more than 5: 'Alle anzeigen'
    expect(body.hour_package_deductions[0]).toMatchObject({ work_date: '2026-02-06', hours: 2, created_by: 'chefin' });
    expect(body.time_entries_count).toBe(11);
    expect(body.contact).toMatchObject({ contact_email: 'office@butler.at', whatsapp_number: '+436641234567' });
    expect(body.referral_data.referral_count).toBe(0);
  });

  it('has no current subscription before the start, after the end or when inactive', async () => {
    const c = await buildCustomer(ctx.db);
    await buildSubscription(ctx.db, c.id, { startDate: '2026-04-01', endDate: '2026-04-30', durationMonths: 1 });
    await buildSubscription(ctx.db, c.id, { startDate: '2025-01-01', endDate: '2025-12-31' });
    await buildSubscription(ctx.db, c.id, {
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      durationMonths: 1,
      isActive: false,
    });
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${c.id}/dashboard`,
      token: actors.tokens.admin,
    });
    const body = res.json();
    expect(body.subscription).toBeNull();
    // The expired 2025 term keeps its carried-over balance: 12 × 10 h unused.
    expect(body.subscriptions.find((s: any) => s.start_date === '2025-01-01').total_balance).toBe(120);
    // Not started yet: nothing allocated so far.
    expect(body.subscriptions.find((s: any) => s.start_date === '2026-04-01').total_balance).toBe(0);
  });

  it('shows a negative remaining package balance (Minus) after overuse', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    await buildHourPackage(ctx.db, c.id, { hours: '2' });
    await buildTimeEntry(ctx.db, c.id, p.id, { hours: '3.25', billingType: 'stundenpakete' });
    const body = (
      await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/dashboard`, token: actors.tokens.admin })
    ).json();
    expect([body.total_hours_purchased, body.total_hours_used, body.remaining_hours]).toEqual([2, 3.25, -1.25]);
  });

  it('answers 404 for an unknown customer (admin) and enforces the access matrix', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/customers/999999/dashboard',
      token: actors.tokens.admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Kunde nicht gefunden' });
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${annaId}/dashboard` },
      {
        customerA: 200,
        customerB: [403, 404],
        admin: 200,
      },
    );
  });
});

describe('cached lounge answers (decision 0400)', () => {
  it('follow every write the lounge shows, at once', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Cache' });
    const get = async (path: string) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/customers/${c.id}/${path}`,
        token: actors.tokens.admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json();
    };
    expect((await get('dashboard')).projects).toEqual([]);
    expect((await get('subscription')).subscription).toBeNull();
    const project = await buildProject(ctx.db, c.id, { name: 'Garten' });
    expect((await get('dashboard')).projects.map((p: any) => p.name)).toEqual(['Garten']);
    await ctx.db.update(projects).set({ name: 'Garten neu' }).where(eq(projects.id, project.id));
    expect((await get('dashboard')).projects.map((p: any) => p.name)).toEqual(['Garten neu']);
    await buildSubscription(ctx.db, c.id, { startDate: '2026-03-01', endDate: '2027-02-28', monthlyHours: '4' });
    expect((await get('subscription')).subscription.monthly_hours).toBe(4);
    await buildTimeEntry(ctx.db, c.id, project.id, { workDate: '2026-03-02', hours: '1.5' });
    expect((await get('subscription')).subscription.current_month_hours_used).toBe(1.5);
    expect((await get('dashboard')).time_entries_count).toBe(1);
    await ctx.db.update(providerSettings).set({ contactPhone: '+43 1 999' });
    expect((await get('dashboard')).contact.contact_phone).toBe('+43 1 999');
    await ctx.db
      .insert(referralSettings)
      .values({ id: 1, isActive: false })
      .onConflictDoUpdate({
        target: referralSettings.id,
        set: { isActive: false },
      });
    expect((await get('dashboard')).referral_data.referral_program_enabled).toBe(false);
    const qr = await get('qr-code');
    await ctx.db.update(customers).set({ firstName: 'Cachine' }).where(eq(customers.id, c.id));
    expect((await get('dashboard')).customer.first_name).toBe('Cachine');
    const renamed = await get('qr-code');
    expect(renamed.mailto_link).not.toBe(qr.mailto_link);
    expect(renamed.qr_code).toBe(qr.qr_code); // same code, provider and contact: same image
  });

  it('are never handed to another customer', async () => {
    const own = async (token: string | undefined, id: number) =>
      (await ctx.request({ method: 'GET', url: `/api/customers/${id}/dashboard`, token })).statusCode;
    expect(await own(actors.tokens.customerA, annaId)).toBe(200);
    expect(await own(actors.tokens.customerA, annaId)).toBe(200);
    expect(await own(actors.tokens.customerB, annaId)).toBe(403);
    expect(await own(undefined, annaId)).toBe(401);
  });
});

describe('GET /api/customers/:id/subscription', () => {
  it('answers the current period figures', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${annaId}/subscription`,
      token: actors.tokens.customerA,
    });
    expect(res.json().subscription).toMatchObject({
      current_month_hours_used: 3.5,
      current_month_hours_remaining: 6.5,
      total_balance: 9,
    });
  });

  it('answers null without a subscription, 404 for unknown ids, and the access matrix', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${actors.customerB.id}/subscription`,
      token: actors.tokens.customerB,
    });
    expect(res.json()).toEqual({
      subscription: null,
      forecast: null,
      usable_hours: { total: 0, butler: null, packages: null },
    });
    expect(
      (await ctx.request({ method: 'GET', url: '/api/customers/999999/subscription', token: actors.tokens.admin }))
        .statusCode,
    ).toBe(404);
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${annaId}/subscription` },
      {
        customerA: 200,
        customerB: [403, 404],
        admin: 200,
      },
    );
  });
});

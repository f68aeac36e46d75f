import { MAX_PAGE_SIZE } from '@butler/contract/list-query';
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
import { setClock } from '../../lib/clock.js';

/**
 * Hand-made scenario, today = 15 March 2026.
 * Anna (A): subscription 10.01.2026, 12 months, 10 h — periods named Jänner…Dezember 2026.
 *   abos: 12.01. 3 h, 09.02. 2.5 h (Jänner period: 5.5), 10.02. 12 h (Februar: 12),
 *   10.03. 4 h, 14.03. −0.5 h (März: 3.5). Packages 10 h (05.01.) + 5 h (01.03.); six × 2 h
 *   package entries 01.–06.02. (12 h).
 * Bernd (B): subscription 01.05.2025, 12 months, 5 h, ends 30.04.2026 (expiring next month);
 *   periods named Jänner–April 2026 in this year; no entries.
 * Clara: inactive subscription (ignored everywhere); 3 h package bought 2025, 5 h used 2025
 *   → package total −2 in 2026 (not counted).
 * Dora: subscription 06.03.2025, 12 months, 2 h, ended 05.03.2026 (expiring this month, not
 *   active any more); periods named Jänner and Februar 2026.
 *
 * March:  butler total 10 + 5 = 15, used 3.5, open 6.5 + 5 = 11.5;
 *         packages Anna 15 − 12 = 3, used 0, open 3  → open 14.5, total 18.
 * Year:   butler total 120 (Anna) + 20 (Bernd) + 4 (Dora) = 144; used 5.5 + 12 + 3.5 = 21;
 *         open March–December: Anna 6.5 + 9 × 10 = 96.5, Bernd 5 + 5 = 10 → 106.5.
 *         packages Anna: carried in 0 + bought 15 = 15, used 12 → open 3; Clara −2 ignored.
 *         → open 109.5, total 159; sold packages in 2026 = 15.
 */
let ctx: TestContext;
let actors: Actors;
let claraId: number;
let doraId: number;

beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  actors = await createActors(ctx);
  const anna = actors.customerA.id;
  const bernd = actors.customerB.id;
  const pa = await buildProject(ctx.db, anna);
  await buildSubscription(ctx.db, anna, { startDate: '2026-01-10', endDate: '2027-01-09', monthlyHours: '10' });
  for (const [workDate, hours] of [
    ['2026-01-12', '3'],
    ['2026-02-09', '2.5'],
    ['2026-02-10', '12'],
    ['2026-03-10', '4'],
    ['2026-03-14', '-0.5'],
  ]) {
    await buildTimeEntry(ctx.db, anna, pa.id, { workDate, hours });
  }
  await buildHourPackage(ctx.db, anna, { hours: '10', purchaseDate: '2026-01-05' });
  await buildHourPackage(ctx.db, anna, { hours: '5', purchaseDate: '2026-03-01' });
  for (let d = 1; d <= 6; d++) {
    await buildTimeEntry(ctx.db, anna, pa.id, { workDate: `2026-02-0${d}`, hours: '2', billingType: 'stundenpakete' });
  }
  await buildSubscription(ctx.db, bernd, { startDate: '2025-05-01', endDate: '2026-04-30', monthlyHours: '5' });
  const clara = await buildCustomer(ctx.db, { firstName: 'Clara', lastName: 'Berger' });
  claraId = clara.id;
  const pc = await buildProject(ctx.db, clara.id);
  await buildSubscription(ctx.db, clara.id, {
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    monthlyHours: '20',
    isActive: false,
  });
  await buildHourPackage(ctx.db, clara.id, { hours: '3', purchaseDate: '2025-12-01' });
  await buildTimeEntry(ctx.db, clara.id, pc.id, { workDate: '2025-12-02', hours: '5', billingType: 'stundenpakete' });
  const dora = await buildCustomer(ctx.db, { firstName: 'Dora', lastName: 'Adler' });
  doraId = dora.id;
  await buildSubscription(ctx.db, dora.id, {
    startDate: '2025-03-06',
    endDate: '2026-03-05',
    monthlyHours: '2',
    templateName: 'Basis',
  });
});
afterAll(() => setClock(null));

const stats = async () =>
  (await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token: actors.tokens.admin })).json();

describe('GET /api/admin/dashboard-stats', () => {
  it('sums the per-customer figures of the hand-made scenario', async () => {
    const body = await stats();
    expect(body).toMatchObject({
      total_customers: 4,
      total_active_subscriptions: 2, // Anna and Bernd; Clara inactive, Dora ended
      open_hours_current_month: 14.5,
      total_hours_current_month: 18,
      open_hours_current_year: 109.5,
      total_hours_current_year: 159,
      sold_abo_hours_yearly: 144,
      sold_package_hours_yearly: 15,
      open_hours_current_month_butler_only: 11.5,
      open_hours_current_year_butler_only: 106.5,
      total_hours_current_month_butler_only: 15,
      total_hours_current_year_butler_only: 144,
      used_hours_current_month_butler_only: 3.5,
      used_hours_current_year_butler_only: 21,
      as_of: '2026-03-15',
    });
    expect(body.dashboard_settings.monthly_target_hours).toBe(100);
  });

  it('moves by the expected amounts when hours are booked', async () => {
    const before = await stats();
    const project = await buildProject(ctx.db, actors.customerB.id);
    await buildTimeEntry(ctx.db, actors.customerB.id, project.id, { workDate: '2026-03-02', hours: '2' });
    await buildHourPackage(ctx.db, actors.customerB.id, { hours: '4', purchaseDate: '2026-03-03' });
    const after = await stats();
    expect(after.open_hours_current_month_butler_only).toBe(before.open_hours_current_month_butler_only - 2);
    expect(after.used_hours_current_month_butler_only).toBe(before.used_hours_current_month_butler_only + 2);
    expect(after.open_hours_current_month).toBe(before.open_hours_current_month - 2 + 4);
    expect(after.total_hours_current_month).toBe(before.total_hours_current_month + 4);
    expect(after.sold_package_hours_yearly).toBe(before.sold_package_hours_yearly + 4);
    expect(after.total_hours_current_month_butler_only).toBe(before.total_hours_current_month_butler_only);
  });

  it('is admin only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/admin/dashboard-stats' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

describe('GET /api/admin/expiring-subscriptions', () => {
  const expiring = (query = '') =>
    ctx.request({ method: 'GET', url: `/api/admin/expiring-subscriptions${query}`, token: actors.tokens.admin });

  it('lists active ButlerPakete ending this or next month, soonest first, a page at a time', async () => {
    const all = await expiring();
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    const dora = {
      id: expect.any(Number),
      customer_id: doraId,
      customer_name: 'Dora Adler',
      template_name: 'Basis',
      monthly_hours: 2,
      end_date: '2026-03-05',
    };
    const bernd = expect.objectContaining({
      customer_id: actors.customerB.id,
      end_date: '2026-04-30',
      template_name: 'Classic',
    });
    expect(all.json()).toEqual([dora, bernd]);
    const second = await expiring('?page=2&page_size=1');
    expect(second.json()).toEqual([bernd]);
    expect(second.headers['x-total-count']).toBe('2');
    expect((await expiring('?page=3&page_size=1')).json()).toEqual([]);
  });

  it('rejects a bad page in German and is admin only', async () => {
    const bad = await expiring('?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Der Wert muss mindestens 1 sein',
      details: { page: 'Der Wert muss mindestens 1 sein' },
    });
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/admin/expiring-subscriptions' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

describe('GET /api/admin/customers-monthly/:year/:month', () => {
  it('lists customers with a total above 0, with butler and package figures', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/admin/customers-monthly/2026/3',
      token: actors.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as any[];
    const anna = rows.find((r) => r.id === actors.customerA.id);
    expect(anna.butler_packages).toEqual({ hours_total: 10, hours_used: 3.5, hours_open: 6.5 });
    expect(anna.hour_packages).toEqual({ hours_total: 3, hours_used: 0, hours_open: 3 });
    expect(rows.map((r) => r.id)).not.toContain(claraId); // inactive subscription, package total −2
    expect(rows.map((r) => r.id)).not.toContain(doraId); // no period named March
  });

  it('shows a period starting on the 10th in its own month (February: 12 h used of 10)', async () => {
    const rows = (
      await ctx.request({ method: 'GET', url: '/api/admin/customers-monthly/2026/2', token: actors.tokens.admin })
    ).json();
    const anna = rows.find((r: any) => r.id === actors.customerA.id);
    expect(anna.butler_packages).toEqual({ hours_total: 10, hours_used: 12, hours_open: -2 });
    expect(anna.hour_packages).toEqual({ hours_total: 10, hours_used: 12, hours_open: -2 });
    const dora = rows.find((r: any) => r.id === doraId);
    expect(dora.butler_packages.hours_total).toBe(2);
  });

  it('answers an empty list before anything was sold; unused package hours stay listed later', async () => {
    const before = await ctx.request({
      method: 'GET',
      url: '/api/admin/customers-monthly/2024/12',
      token: actors.tokens.admin,
    });
    expect(before.json()).toEqual([]);
    const later = (
      await ctx.request({ method: 'GET', url: '/api/admin/customers-monthly/2030/1', token: actors.tokens.admin })
    ).json();
    const anna = later.find((r: any) => r.id === actors.customerA.id);
    expect(anna).toEqual(
      expect.objectContaining({ butler_packages: { hours_total: 0, hours_used: 0, hours_open: 0 } }),
    );
    expect(anna.hour_packages).toEqual({ hours_total: 3, hours_used: 0, hours_open: 3 });
  });

  it('answers one page in name order with the month’s count in X-Total-Count', async () => {
    // June 2031: five customers with a one-month ButlerPaket, plus Anna and Bernd (package hours left).
    const names = ['Zach', 'Auer', 'Moser', 'Berger', 'Auer'];
    const created: Array<{ id: number }> = [];
    for (const [i, lastName] of names.entries()) {
      const c = await buildCustomer(ctx.db, { firstName: `Kunde${i}`, lastName });
      await buildSubscription(ctx.db, c.id, { startDate: '2031-06-01', endDate: '2031-06-30', monthlyHours: '4' });
      created.push(c);
    }
    const get = (query: string) =>
      ctx.request({ method: 'GET', url: `/api/admin/customers-monthly/2031/6${query}`, token: actors.tokens.admin });
    const all = await get('?page_size=500');
    const everyone = all.json() as any[];
    expect(all.headers['x-total-count']).toBe(String(everyone.length));
    const ids = new Set(created.map((c) => c.id));
    expect(everyone.filter((r) => ids.has(r.id)).map((r) => r.name)).toEqual([
      'Kunde1 Auer',
      'Kunde4 Auer',
      'Kunde3 Berger',
      'Kunde2 Moser',
      'Kunde0 Zach',
    ]);
    expect(everyone.map((r) => r.id)).toEqual(expect.arrayContaining([actors.customerA.id, actors.customerB.id]));
    expect(everyone).toHaveLength(7);
    expect(everyone.find((r) => r.id === created[0].id).butler_packages).toEqual({
      hours_total: 4,
      hours_used: 0,
      hours_open: 4,
    });

    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await get(`?page=${page}&page_size=2`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('7');
      pages.push(...res.json());
    }
    expect(pages).toEqual(everyone);
    const beyond = await get('?page=5&page_size=2');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('7');
    // Without a page size the view's 48 cards; seven fit on the first page.
    expect((await get('')).json()).toEqual(everyone);
  });

  it('rejects a page or page size out of range with 400', async () => {
    const cases: [string, string, string][] = [
      ['page=0', 'page', 'Der Wert muss mindestens 1 sein'],
      ['page=abc', 'page', 'Ungültiger Wert'],
      ['page_size=0', 'page_size', 'Der Wert muss mindestens 1 sein'],
      [`page_size=${MAX_PAGE_SIZE + 1}`, 'page_size', `Der Wert darf höchstens ${MAX_PAGE_SIZE} sein`],
    ];
    for (const [query, field, message] of cases) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/admin/customers-monthly/2026/3?${query}`,
        token: actors.tokens.admin,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: message, details: { [field]: message } });
    }
  });

  it('rejects nonsense years and months in German', async () => {
    for (const [path, message] of [
      ['1999/3', 'Ungültiges Jahr'],
      ['abc/3', 'Ungültiges Jahr'],
      ['2026/13', 'Ungültiger Monat'],
      ['2026/0', 'Ungültiger Monat'],
      ['2026/1.5', 'Ungültiger Monat'],
    ]) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/admin/customers-monthly/${path}`,
        token: actors.tokens.admin,
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error, path).toBe(message);
    }
  });

  it('is admin only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/admin/customers-monthly/2026/3' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

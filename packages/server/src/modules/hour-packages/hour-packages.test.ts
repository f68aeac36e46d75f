import { todayInVienna } from '@butler/contract/format';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildHourPackage } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, hourPackages } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

describe('access', () => {
  it('every hour-package route is admin-only', async () => {
    const own = actors.customerA.id;
    const pkg = await buildHourPackage(ctx.db, own);
    const spare = await buildHourPackage(ctx.db, own);
    for (const call of [
      { method: 'GET', url: `/api/hour-packages?customer_id=${own}` },
      { method: 'POST', url: '/api/hour-packages', payload: { customer_id: own, hours: 2, price_per_hour: 50 } },
      { method: 'POST', url: `/api/customers/${own}/hour-packages`, payload: { hours: 2, price_per_hour: 50 } },
      { method: 'PUT', url: `/api/hour-packages/${pkg.id}`, payload: { hours: 2, price_per_hour: 50 } },
      { method: 'DELETE', url: `/api/hour-packages/${spare.id}` },
    ] as const) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
  });
});

describe('selling hour packages', () => {
  it('computes the total on the server, dates it today in Vienna and records the seller', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Stunden', lastName: 'Käuferin' });
    const res = await api('POST', '/api/hour-packages', {
      customer_id: c.id,
      hours: 7.5,
      price_per_hour: 49.99,
      discount_percentage: 12.5,
      total_price: 1,
      created_by: 'Hacker',
    });
    expect(res.statusCode).toBe(201);
    // 7.5 × 49.99 × 0.875 = 328.059375 → 328.06
    expect(res.json()).toMatchObject({
      customer_id: c.id,
      customer_name: 'Stunden Käuferin',
      hours: 7.5,
      price_per_hour: 49.99,
      discount_percentage: 12.5,
      total_price: 328.06,
      purchase_date: todayInVienna(),
      is_referral_discount: false,
      created_by: actors.adminUsername,
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hour_package'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('POST /api/customers/:id/hour-packages takes the customer from the path, discount 0 and a given date', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await api('POST', `/api/customers/${c.id}/hour-packages`, {
      hours: 10,
      price_per_hour: 50,
      purchase_date: '2026-03-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customer_id: c.id,
      discount_percentage: 0,
      total_price: 500,
      purchase_date: '2026-03-01',
    });
  });

  it('answers "Bitte füllen Sie alle Felder aus" for missing fields', async () => {
    const c = await buildCustomer(ctx.db);
    for (const [url, payload] of [
      ['/api/hour-packages', { hours: 2, price_per_hour: 50 }],
      ['/api/hour-packages', { customer_id: c.id, price_per_hour: 50 }],
      [`/api/customers/${c.id}/hour-packages`, { hours: 2 }],
      [`/api/customers/${c.id}/hour-packages`, { hours: null, price_per_hour: 50 }],
    ] as const) {
      const res = await api('POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Bitte füllen Sie alle Felder aus');
    }
  });

  it('checks hour steps of 0.5, prices and discounts', async () => {
    const c = await buildCustomer(ctx.db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ hours: 1.25 }, 'hours', 'Die Stunden müssen ein Vielfaches von 0,5 sein'],
      [{ hours: 0 }, 'hours', 'Die Stunden müssen größer als 0 sein'],
      [{ price_per_hour: -5 }, 'price_per_hour', 'Der Betrag darf nicht negativ sein'],
      [{ discount_percentage: 100.5 }, 'discount_percentage', 'Der Rabatt muss zwischen 0 und 100 Prozent liegen'],
      [{ purchase_date: '2026-13-01' }, 'purchase_date', 'Dieses Datum existiert nicht'],
      [{ purchase_date: '1.3.2026' }, 'purchase_date', 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)'],
    ];
    for (const [change, field, message] of cases) {
      const res = await api('POST', `/api/customers/${c.id}/hour-packages`, {
        hours: 2,
        price_per_hour: 50,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const free = await api('POST', `/api/customers/${c.id}/hour-packages`, { hours: 2, price_per_hour: 0 });
    expect(free.json().total_price).toBe(0);
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await api('POST', '/api/customers/999999/hour-packages', { hours: 2, price_per_hour: 50 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Kunde nicht gefunden');
  });
});

describe('GET /api/hour-packages', () => {
  it('filters by customer or by customer name from 3 characters, newest first, paged', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Hermine', lastName: 'Paketlos' });
    const other = await buildCustomer(ctx.db);
    await buildHourPackage(ctx.db, other.id);
    for (const date of ['2026-01-10', '2026-03-10', '2026-02-10']) {
      await buildHourPackage(ctx.db, c.id, { purchaseDate: date });
    }
    const mine = await api('GET', `/api/hour-packages?customer_id=${c.id}`);
    expect(mine.json().map((p: any) => p.purchase_date)).toEqual(['2026-03-10', '2026-02-10', '2026-01-10']);
    expect(mine.headers['x-total-count']).toBe('3');
    const searched = await api('GET', '/api/hour-packages?search=hermine%20paket&page=2&page_size=2');
    expect(searched.headers['x-total-count']).toBe('3');
    expect(searched.json().map((p: any) => p.purchase_date)).toEqual(['2026-01-10']);
    expect((await api('GET', '/api/hour-packages?search=xyzxyz')).json()).toEqual([]);
    const short = await api('GET', '/api/hour-packages?search=he');
    expect(Number(short.headers['x-total-count'])).toBeGreaterThan(3);
  });
});

describe('PUT and DELETE /api/hour-packages/:id', () => {
  it('re-prices on edit, keeps seller, date and referral flag, and audits', async () => {
    const c = await buildCustomer(ctx.db);
    const pkg = await buildHourPackage(ctx.db, c.id, {
      isReferralDiscount: true,
      discountPercentage: '10',
      createdBy: 'verkäufer',
      purchaseDate: '2026-01-15',
    });
    const res = await api('PUT', `/api/hour-packages/${pkg.id}`, { hours: 4, price_per_hour: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hours: 4,
      price_per_hour: 60,
      discount_percentage: 10,
      total_price: 216,
      is_referral_discount: true,
      created_by: 'verkäufer',
      purchase_date: '2026-01-15',
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hour_package'), eq(auditLog.entityId, String(pkg.id))));
    expect(audit[0].changes).toMatchObject({ hours: { before: '10.00', after: '4.00' } });
  });

  it('moves a package to another customer and refuses unknown customers', async () => {
    const a = await buildCustomer(ctx.db);
    const b = await buildCustomer(ctx.db);
    const pkg = await buildHourPackage(ctx.db, a.id);
    const moved = await api('PUT', `/api/hour-packages/${pkg.id}`, { customer_id: b.id, hours: 1, price_per_hour: 1 });
    expect(moved.json().customer_id).toBe(b.id);
    const unknown = await api('PUT', `/api/hour-packages/${pkg.id}`, {
      customer_id: 999999,
      hours: 1,
      price_per_hour: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the edit text for missing fields and 404 for unknown packages', async () => {
    const c = await buildCustomer(ctx.db);
    const pkg = await buildHourPackage(ctx.db, c.id);
    const missing = await api('PUT', `/api/hour-packages/${pkg.id}`, { discount_percentage: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Stunden und Preis pro Stunde sind erforderlich');
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(
        method,
        '/api/hour-packages/999999',
        method === 'PUT' ? { hours: 1, price_per_hour: 1 } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Stundenpaket nicht gefunden');
    }
  });

  it('deletes a package', async () => {
    const c = await buildCustomer(ctx.db);
    const pkg = await buildHourPackage(ctx.db, c.id);
    expect((await api('DELETE', `/api/hour-packages/${pkg.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(hourPackages).where(eq(hourPackages.id, pkg.id))).toEqual([]);
  });
});

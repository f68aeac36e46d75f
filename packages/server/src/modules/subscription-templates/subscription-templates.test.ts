import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildSubscription, buildSubscriptionTemplate } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, subscriptions } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

const valid = { name: 'Premium', duration_months: 12, price_per_hour: 45.5, monthly_trips: 4 };

describe('access', () => {
  it('every template route is admin-only', async () => {
    const t = await buildSubscriptionTemplate(ctx.db);
    const spare = await buildSubscriptionTemplate(ctx.db);
    for (const call of [
      { method: 'GET', url: '/api/subscription-templates' },
      { method: 'POST', url: '/api/subscription-templates', payload: valid },
      { method: 'PUT', url: `/api/subscription-templates/${t.id}`, payload: valid },
      { method: 'DELETE', url: `/api/subscription-templates/${spare.id}` },
    ] as const) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
  });
});

describe('subscription templates', () => {
  it('creates, lists by name, updates and deletes a template with audit entries', async () => {
    const created = await api('POST', '/api/subscription-templates', {
      ...valid,
      name: 'AAA Basis',
      monthly_trips: null,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'AAA Basis',
      duration_months: 12,
      price_per_hour: 45.5,
      monthly_trips: null,
    });
    const id = created.json().id;

    const list = await api('GET', '/api/subscription-templates');
    expect(list.json()[0]).toMatchObject({ id, name: 'AAA Basis' });

    const updated = await api('PUT', `/api/subscription-templates/${id}`, {
      ...valid,
      name: 'AAA Plus',
      duration_months: 6,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, name: 'AAA Plus', duration_months: 6, monthly_trips: 4 });

    const deleted = await api('DELETE', `/api/subscription-templates/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api('GET', '/api/subscription-templates')).json().some((t: any) => t.id === id)).toBe(false);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'subscription_template'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('requires name, duration and price with "Bitte füllen Sie alle Pflichtfelder aus"', async () => {
    for (const payload of [
      { duration_months: 12, price_per_hour: 50 },
      { name: 'X', price_per_hour: 50 },
      { name: 'X', duration_months: 12 },
      { name: ' ', duration_months: 12, price_per_hour: 50 },
    ]) {
      const res = await api('POST', '/api/subscription-templates', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    }
    const t = await buildSubscriptionTemplate(ctx.db);
    const edit = await api('PUT', `/api/subscription-templates/${t.id}`, { name: 'X' });
    expect(edit.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
  });

  it('rejects fractional durations and trips, negative prices and more than 2 decimals', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ duration_months: 1.5 }, 'duration_months', 'Die Laufzeit muss eine ganze Zahl von Monaten sein'],
      [{ duration_months: 0 }, 'duration_months', 'Die Laufzeit muss zwischen 1 und 120 Monaten liegen'],
      [{ price_per_hour: -1 }, 'price_per_hour', 'Der Betrag darf nicht negativ sein'],
      [{ price_per_hour: 10.005 }, 'price_per_hour', 'Höchstens 2 Nachkommastellen'],
      [{ monthly_trips: 1.5 }, 'monthly_trips', 'Die Fahrten müssen eine ganze Zahl sein'],
    ];
    for (const [change, field, message] of cases) {
      const res = await api('POST', '/api/subscription-templates', { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
  });

  it('answers 404 for unknown templates', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(method, '/api/subscription-templates/999999', method === 'PUT' ? valid : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ButlerPaket-Vorlage nicht gefunden');
    }
  });

  it('deleting a template keeps the subscriptions sold from it with their name', async () => {
    const t = await buildSubscriptionTemplate(ctx.db, { name: 'Auslauf' });
    const c = await buildCustomer(ctx.db);
    const s = await buildSubscription(ctx.db, c.id, {
      templateId: t.id,
      templateName: 'Auslauf',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect((await api('DELETE', `/api/subscription-templates/${t.id}`)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, s.id));
    expect(row).toMatchObject({ templateId: null, templateName: 'Auslauf', monthlyPrice: '500.00' });
  });
});

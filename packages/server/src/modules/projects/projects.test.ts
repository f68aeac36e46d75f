import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildProject, buildTimeEntry } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, projects } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

describe('access', () => {
  it('every project route is admin-only, also for the own customer', async () => {
    const own = actors.customerA.id;
    const project = await buildProject(ctx.db, own);
    const spare = await buildProject(ctx.db, own);
    const calls = [
      { method: 'GET', url: `/api/projects?customer_id=${own}` },
      { method: 'POST', url: '/api/projects', payload: { name: 'P', customer_id: own } },
      { method: 'POST', url: `/api/customers/${own}/projects`, payload: { name: 'P' } },
      { method: 'PUT', url: `/api/projects/${project.id}`, payload: { name: 'Neu' } },
      { method: 'DELETE', url: `/api/projects/${spare.id}` },
    ] as const;
    for (const call of calls) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
  });
});

describe('creating projects', () => {
  it('POST /api/customers/:id/projects creates an active project with the customer name and an audit entry', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Petra', lastName: 'Projekt' });
    const res = await api('POST', `/api/customers/${c.id}/projects`, { name: ' Umzug ', description: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Umzug',
      description: null,
      customer_id: c.id,
      customer_name: 'Petra Projekt',
      is_active: true,
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('POST /api/projects takes the customer from the body', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await api('POST', '/api/projects', {
      name: 'Garten',
      description: 'Hecke schneiden',
      customer_id: c.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: c.id, description: 'Hecke schneiden' });
  });

  it('requires a name with the dashboard text and a customer with the panel text', async () => {
    const c = await buildCustomer(ctx.db);
    const noName = await api('POST', `/api/customers/${c.id}/projects`, { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe('Bitte geben Sie einen Projektnamen ein');
    const missing = await api('POST', `/api/customers/${c.id}/projects`, {});
    expect(missing.json().error).toBe('Bitte geben Sie einen Projektnamen ein');
    const noCustomer = await api('POST', '/api/projects', { name: 'X' });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().details.customer_id).toBe('Bitte wählen Sie einen Kunden aus');
  });

  it('answers 404 for an unknown customer', async () => {
    for (const [url, payload] of [
      ['/api/customers/999999/projects', { name: 'X' }],
      ['/api/projects', { name: 'X', customer_id: 999999 }],
    ] as const) {
      const res = await api('POST', url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Kunde nicht gefunden');
    }
  });
});

describe('GET /api/projects', () => {
  it('filters by customer, newest first, paged with X-Total-Count', async () => {
    const c = await buildCustomer(ctx.db);
    const other = await buildCustomer(ctx.db);
    await buildProject(ctx.db, other.id);
    const names = ['Eins', 'Zwei', 'Drei'];
    for (const name of names) await api('POST', `/api/customers/${c.id}/projects`, { name });
    const res = await api('GET', `/api/projects?customer_id=${c.id}`);
    expect(res.json().map((p: any) => p.name)).toEqual(['Drei', 'Zwei', 'Eins']);
    expect(res.headers['x-total-count']).toBe('3');
    const page = await api('GET', `/api/projects?customer_id=${c.id}&page=2&page_size=2`);
    expect(page.json().map((p: any) => p.name)).toEqual(['Eins']);
    expect(page.headers['x-total-count']).toBe('3');
    const all = await api('GET', '/api/projects?page_size=500');
    expect(all.json().some((p: any) => p.customer_id === other.id)).toBe(true);
  });
});

describe('PUT /api/projects/:id', () => {
  it('updates name, description and status', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    const res = await api('PUT', `/api/projects/${p.id}`, { name: 'Neu', description: 'Text', is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Neu', description: 'Text', is_active: false, customer_id: c.id });
  });

  it('requires the name with the edit text and answers 404 for unknown projects', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    const res = await api('PUT', `/api/projects/${p.id}`, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Projektname ist erforderlich');
    const unknown = await api('PUT', '/api/projects/999999', { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Projekt nicht gefunden');
  });

  it('moves a project without entries to another customer, but not one with entries (409)', async () => {
    const a = await buildCustomer(ctx.db);
    const b = await buildCustomer(ctx.db, { firstName: 'Berta', lastName: 'Neu' });
    const empty = await buildProject(ctx.db, a.id);
    const moved = await api('PUT', `/api/projects/${empty.id}`, { name: 'X', customer_id: b.id });
    expect(moved.json()).toMatchObject({ customer_id: b.id, customer_name: 'Berta Neu' });
    const booked = await buildProject(ctx.db, a.id);
    await buildTimeEntry(ctx.db, a.id, booked.id, { billingType: 'stundenpakete' });
    const refused = await api('PUT', `/api/projects/${booked.id}`, { name: 'X', customer_id: b.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Das Projekt hat bereits Zeiteinträge und kann keinem anderen Kunden zugeordnet werden',
    );
    const unknownCustomer = await api('PUT', `/api/projects/${empty.id}`, { name: 'X', customer_id: 999999 });
    expect(unknownCustomer.statusCode).toBe(404);
  });
});

describe('DELETE /api/projects/:id', () => {
  it('deletes a project without entries and answers 404 afterwards', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    const res = await api('DELETE', `/api/projects/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, p.id))).toEqual([]);
    const again = await api('DELETE', `/api/projects/${p.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Projekt nicht gefunden');
  });

  it('refuses to delete a project with booked time entries (409) and names how many', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    await buildTimeEntry(ctx.db, c.id, p.id, { billingType: 'stundenpakete' });
    await buildTimeEntry(ctx.db, c.id, p.id, { billingType: 'stundenpakete' });
    const res = await api('DELETE', `/api/projects/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Das Projekt kann nicht gelöscht werden, weil 2 Zeiteinträge darauf gebucht sind. Bitte löschen oder verschieben Sie zuerst die Zeiteinträge.',
    );
    expect(await ctx.db.select().from(projects).where(eq(projects.id, p.id))).toHaveLength(1);
  });
});

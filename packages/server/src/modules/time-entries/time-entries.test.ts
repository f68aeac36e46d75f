import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildProject, buildSubscription, buildTimeEntry } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

/** A customer with a project and a ButlerPaket for 2026. */
async function customerWithPaket(names: { firstName?: string; lastName?: string } = {}) {
  const customer = await buildCustomer(ctx.db, names);
  const project = await buildProject(ctx.db, customer.id, { name: 'Haushalt' });
  await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { customer, project };
}

const entry = (projectId: number, overrides: Record<string, unknown> = {}) => ({
  project_id: projectId,
  hours: 1.5,
  activity_description: 'Fenster geputzt',
  work_date: '2026-03-10',
  ...overrides,
});

describe('access', () => {
  it('lists are customer-own; changes are admin-only', async () => {
    const a = actors.customerA.id;
    const project = await buildProject(ctx.db, a);
    await buildSubscription(ctx.db, a, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const e = await buildTimeEntry(ctx.db, a, project.id, { workDate: '2026-02-01' });
    const spare = await buildTimeEntry(ctx.db, a, project.id, { workDate: '2026-02-02' });
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/time-entries?customer_id=${a}` },
      {
        customerA: 200,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/time-entries' },
      { customerA: 200, customerB: 200, admin: 200 },
    );
    for (const call of [
      { method: 'POST', url: `/api/customers/${a}/time-entries`, payload: entry(project.id) },
      { method: 'PUT', url: `/api/time-entries/${e.id}`, payload: entry(project.id) },
      { method: 'DELETE', url: `/api/time-entries/${spare.id}` },
    ] as const) {
      await expectAccess(ctx, actors, call, { customerA: 403, customerB: 403, admin: [200, 201] });
    }
  });

  it('a customer without customer_id sees only their own entries', async () => {
    const a = actors.customerA.id;
    const b = actors.customerB.id;
    const pb = await buildProject(ctx.db, b);
    await buildTimeEntry(ctx.db, b, pb.id, { billingType: 'stundenpakete' });
    const res = await ctx.request({
      method: 'GET',
      url: '/api/time-entries?page_size=500',
      token: actors.tokens.customerA,
    });
    expect(res.json().length).toBeGreaterThan(0);
    expect(new Set(res.json().map((e: any) => e.customer_id))).toEqual(new Set([a]));
  });
});

describe('POST /api/customers/:customerId/time-entries', () => {
  it('books an abos entry with names, created_by from the session and an audit entry', async () => {
    const { customer, project } = await customerWithPaket({ firstName: 'Zeit', lastName: 'Kundin' });
    const res = await api('POST', `/api/customers/${customer.id}/time-entries`, {
      ...entry(project.id),
      customer_id: customer.id,
      created_by: 'Jemand anderes',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customer_id: customer.id,
      customer_name: 'Zeit Kundin',
      project_id: project.id,
      project_name: 'Haushalt',
      hours: 1.5,
      work_date: '2026-03-10',
      billing_type: 'abos',
      deducted_from_subscription: true,
      is_billable: true,
      created_by: actors.adminUsername,
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'time_entry'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('accepts either billing field and refuses contradicting ones', async () => {
    const { customer, project } = await customerWithPaket();
    const url = `/api/customers/${customer.id}/time-entries`;
    const byFlag = await api('POST', url, entry(project.id, { deducted_from_subscription: false, is_billable: false }));
    expect(byFlag.json()).toMatchObject({
      billing_type: 'stundenpakete',
      deducted_from_subscription: false,
      is_billable: false,
    });
    const byType = await api('POST', url, entry(project.id, { billing_type: 'stundenpakete' }));
    expect(byType.json().deducted_from_subscription).toBe(false);
    const both = await api('POST', url, entry(project.id, { billing_type: 'abos', deducted_from_subscription: true }));
    expect(both.statusCode).toBe(201);
    const clash = await api(
      'POST',
      url,
      entry(project.id, { billing_type: 'abos', deducted_from_subscription: false }),
    );
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error).toBe('Abrechnungsart und Abzug vom ButlerPaket widersprechen sich');
  });

  it('takes hours in steps of 0.25, negative corrections, but never 0', async () => {
    const { customer, project } = await customerWithPaket();
    const url = `/api/customers/${customer.id}/time-entries`;
    expect((await api('POST', url, entry(project.id, { hours: 0.25 }))).statusCode).toBe(201);
    const negative = await api('POST', url, entry(project.id, { hours: -2.75 }));
    expect(negative.json().hours).toBe(-2.75);
    const zero = await api('POST', url, entry(project.id, { hours: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe('Die Stunden dürfen nicht 0 sein');
    const odd = await api('POST', url, entry(project.id, { hours: 1.1 }));
    expect(odd.json().error).toBe('Die Stunden müssen ein Vielfaches von 0,25 sein');
  });

  it('needs a ButlerPaket covering the date for abos, not for stundenpakete', async () => {
    const { customer, project } = await customerWithPaket();
    const url = `/api/customers/${customer.id}/time-entries`;
    for (const date of ['2025-12-31', '2027-01-01']) {
      const res = await api('POST', url, entry(project.id, { work_date: date }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Für dieses Datum besteht kein ButlerPaket',
        details: { work_date: 'Für dieses Datum besteht kein ButlerPaket' },
      });
    }
    for (const date of ['2026-01-01', '2026-12-31']) {
      expect((await api('POST', url, entry(project.id, { work_date: date }))).statusCode).toBe(201);
    }
    const pkg = await api('POST', url, entry(project.id, { work_date: '2027-01-01', billing_type: 'stundenpakete' }));
    expect(pkg.statusCode).toBe(201);
    // Another customer's ButlerPaket does not count.
    const other = await buildCustomer(ctx.db);
    const otherProject = await buildProject(ctx.db, other.id);
    const res = await api('POST', `/api/customers/${other.id}/time-entries`, entry(otherProject.id));
    expect(res.json().error).toBe('Für dieses Datum besteht kein ButlerPaket');
  });

  it("refuses another customer's project, unknown projects and customers, and a mismatching customer_id", async () => {
    const { customer } = await customerWithPaket();
    const stranger = await buildCustomer(ctx.db);
    const foreign = await buildProject(ctx.db, stranger.id);
    const url = `/api/customers/${customer.id}/time-entries`;
    const res = await api('POST', url, entry(foreign.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.project_id).toBe('Dieses Projekt gibt es bei diesem Kunden nicht');
    // An unknown id answers exactly like another customer's (decision 0705): no id can be told apart.
    const unknown = await api('POST', url, entry(999999));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(res.json());
    const moved = await api('POST', url, entry(foreign.id));
    expect(moved.json()).toEqual(res.json());
    const noCustomer = await api('POST', '/api/customers/999999/time-entries', entry(foreign.id));
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().error).toBe('Kunde nicht gefunden');
    const mismatch = await api('POST', url, { ...entry(foreign.id), customer_id: stranger.id });
    expect(mismatch.statusCode).toBe(400);
  });

  it('answers "Bitte füllen Sie alle Pflichtfelder aus" for missing fields', async () => {
    const { customer, project } = await customerWithPaket();
    const url = `/api/customers/${customer.id}/time-entries`;
    for (const missing of ['project_id', 'hours', 'activity_description', 'work_date']) {
      const payload: Record<string, unknown> = entry(project.id);
      delete payload[missing];
      const res = await api('POST', url, payload);
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    }
    const blank = await api('POST', url, entry(project.id, { activity_description: '   ' }));
    expect(blank.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
  });
});

describe('GET /api/time-entries', () => {
  it('lists newest first, filters by customer and billing type, and pages', async () => {
    const { customer, project } = await customerWithPaket();
    for (const [date, type] of [
      ['2026-01-05', 'abos'],
      ['2026-03-05', 'stundenpakete'],
      ['2026-02-05', 'abos'],
    ] as const) {
      await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: date, billingType: type });
    }
    const all = await api('GET', `/api/time-entries?customer_id=${customer.id}`);
    expect(all.json().map((e: any) => e.work_date)).toEqual(['2026-03-05', '2026-02-05', '2026-01-05']);
    expect(all.headers['x-total-count']).toBe('3');
    const abos = await api('GET', `/api/time-entries?customer_id=${customer.id}&billing_type=abos&page=2&page_size=1`);
    expect(abos.json().map((e: any) => e.work_date)).toEqual(['2026-01-05']);
    expect(abos.headers['x-total-count']).toBe('2');
    expect((await api('GET', '/api/time-entries?billing_type=andere')).statusCode).toBe(400);
  });
});

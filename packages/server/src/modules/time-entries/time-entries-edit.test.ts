import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildCustomer, buildProject, buildSubscription, buildTimeEntry } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, invoices, timeEntries } from '../../db/schema/index.js';

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

describe('PUT and DELETE /api/time-entries/:id', () => {
  it('edits hours, text, date, project and billing with the same rules', async () => {
    const { customer, project } = await customerWithPaket();
    const second = await buildProject(ctx.db, customer.id, { name: 'Garten' });
    const e = await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: '2026-02-01' });
    const res = await api('PUT', `/api/time-entries/${e.id}`, {
      project_id: second.id,
      hours: 2.25,
      activity_description: 'Rasen gemäht',
      work_date: '2026-02-02',
      deducted_from_subscription: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      project_name: 'Garten',
      hours: 2.25,
      billing_type: 'stundenpakete',
      created_by: 'admin',
    });
    // Without billing fields the entry keeps its type: stundenpakete needs no ButlerPaket in 2027.
    const kept = await api('PUT', `/api/time-entries/${e.id}`, {
      hours: 1,
      activity_description: 'x',
      work_date: '2027-05-01',
    });
    expect(kept.json().billing_type).toBe('stundenpakete');
    const toAbos = await api('PUT', `/api/time-entries/${e.id}`, {
      hours: 1,
      activity_description: 'x',
      work_date: '2027-05-01',
      billing_type: 'abos',
    });
    expect(toAbos.json().error).toBe('Für dieses Datum besteht kein ButlerPaket');
    const missing = await api('PUT', `/api/time-entries/${e.id}`, { hours: 1 });
    expect(missing.json().error).toBe('Bitte füllen Sie alle Pflichtfelder aus');
  });

  it('deletes, answers 404 for unknown entries and audits', async () => {
    const { customer, project } = await customerWithPaket();
    const e = await buildTimeEntry(ctx.db, customer.id, project.id);
    expect((await api('DELETE', `/api/time-entries/${e.id}`)).statusCode).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(method, `/api/time-entries/${e.id}`, method === 'PUT' ? entry(project.id) : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Zeiteintrag nicht gefunden');
    }
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'time_entry'), eq(auditLog.entityId, String(e.id))));
    expect(audit.map((a) => a.action)).toEqual(['delete']);
  });

  it('refuses to change or delete an entry on an issued invoice (409), allows it on a draft', async () => {
    const { customer, project } = await customerWithPaket();
    const [issued] = await ctx.db
      .insert(invoices)
      .values({
        invoiceNumber: `RE-T-${customer.id}`,
        numberYear: 2026,
        numberSequence: 10_000 + customer.id,
        status: 'sent',
        customerId: customer.id,
        customerName: 'x',
        invoiceDate: '2026-03-01',
        dueDate: '2026-03-15',
        createdBy: 'admin',
      })
      .returning();
    const [draft] = await ctx.db
      .insert(invoices)
      .values({
        customerId: customer.id,
        customerName: 'x',
        invoiceDate: '2026-03-01',
        dueDate: '2026-03-15',
        createdBy: 'admin',
      })
      .returning();
    const billed = await buildTimeEntry(ctx.db, customer.id, project.id, { invoiceId: issued.id });
    const drafted = await buildTimeEntry(ctx.db, customer.id, project.id, { invoiceId: draft.id });
    for (const [method, payload] of [
      ['PUT', entry(project.id)],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, `/api/time-entries/${billed.id}`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Dieser Zeiteintrag ist bereits verrechnet und kann nicht mehr geändert werden');
    }
    expect(await ctx.db.select().from(timeEntries).where(eq(timeEntries.id, billed.id))).toHaveLength(1);
    expect((await api('PUT', `/api/time-entries/${drafted.id}`, entry(project.id))).statusCode).toBe(200);
  });
});

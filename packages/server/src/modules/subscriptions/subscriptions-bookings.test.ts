import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildProject,
  buildSubscription,
  buildSubscriptionTemplate,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { subscriptions, timeEntries } from '../../db/schema/index.js';

/**
 * Decision 0380: a ButlerPaket cannot be deleted or moved away from the `abos` entries
 * booked in its term — their hours would count in no period and vanish from every balance.
 */
let ctx: TestContext;
let actors: Actors;
let classic: number;
let short: number;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  classic = (await buildSubscriptionTemplate(ctx.db, { name: 'Classic', durationMonths: 12 })).id;
  short = (await buildSubscriptionTemplate(ctx.db, { name: 'Kurz', durationMonths: 3 })).id;
});

const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

/** A customer with a 12-month Classic from 2026-01-01 (to 2026-12-31) and a project. */
async function customerWithPaket() {
  const customer = await buildCustomer(ctx.db);
  const project = await buildProject(ctx.db, customer.id);
  const paket = await buildSubscription(ctx.db, customer.id, {
    templateId: classic,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  });
  const book = (workDate: string, billingType: 'abos' | 'stundenpakete' = 'abos') =>
    buildTimeEntry(ctx.db, customer.id, project.id, { workDate, billingType, hours: '1.5' });
  return { customer, project, paket, book };
}

const edit = (id: number, changes: { start_date?: string; template_id?: number }) =>
  api('PUT', `/api/subscriptions/${id}`, {
    template_id: classic,
    monthly_hours: 10,
    start_date: '2026-01-01',
    ...changes,
  });

describe('deleting a ButlerPaket with booked Butler-Stunden', () => {
  it('is refused with 409, says how many entries, and keeps the paket and its hours', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-01-01');
    await book('2026-06-15');
    await book('2026-12-31');
    // Neither counts: a Stundenpaket entry in the term, an abos entry outside it (no paket there).
    await book('2026-07-01', 'stundenpakete');
    await ctx.db.insert(timeEntries).values({
      customerId: paket.customerId,
      projectId: (await buildProject(ctx.db, paket.customerId)).id,
      hours: '1',
      activityDescription: 'Altbestand',
      workDate: '2025-12-31',
      createdBy: 'admin',
      billingType: 'abos',
    });
    const usedBefore = (await api('GET', `/api/subscriptions?customer_id=${paket.customerId}`)).json()[0]
      .total_hours_used_over_lifetime;

    const res = await api('DELETE', `/api/subscriptions/${paket.id}`);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error:
        'Dieses ButlerPaket hat 3 gebuchte Zeiteinträge in seiner Laufzeit. Bitte verschieben oder löschen Sie diese zuerst.',
    });
    const list = (await api('GET', `/api/subscriptions?customer_id=${paket.customerId}`)).json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([paket.id]);
    expect(usedBefore).toBe(4.5);
    expect(list[0].total_hours_used_over_lifetime).toBe(4.5);
  });

  it('names a single entry in the singular', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-03-03');
    const res = await api('DELETE', `/api/subscriptions/${paket.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Dieses ButlerPaket hat 1 gebuchten Zeiteintrag in seiner Laufzeit. Bitte verschieben oder löschen Sie ihn zuerst.',
    );
  });

  it('is allowed once the entries are moved to the Stundenpakete or deleted', async () => {
    const { paket, book } = await customerWithPaket();
    const moved = await book('2026-02-02');
    const removed = await book('2026-02-03');
    expect((await api('DELETE', `/api/subscriptions/${paket.id}`)).statusCode).toBe(409);

    const move = await api('PUT', `/api/time-entries/${moved.id}`, {
      hours: 1.5,
      activity_description: 'Einkauf erledigt',
      work_date: '2026-02-02',
      billing_type: 'stundenpakete',
    });
    expect(move.statusCode).toBe(200);
    expect((await api('DELETE', `/api/time-entries/${removed.id}`)).statusCode).toBe(200);

    const res = await api('DELETE', `/api/subscriptions/${paket.id}`);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.$count(subscriptions, eq(subscriptions.id, paket.id))).toBe(0);
  });

  it('another customer’s entries on the same dates do not block it', async () => {
    const { paket } = await customerWithPaket();
    const other = await customerWithPaket();
    await other.book('2026-05-05');
    expect((await api('DELETE', `/api/subscriptions/${paket.id}`)).statusCode).toBe(200);
  });
});

describe('editing a ButlerPaket so that booked entries fall outside its term', () => {
  it('refuses a later start date that leaves entries behind', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-01-20');
    const res = await edit(paket.id, { start_date: '2026-02-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      '1 gebuchter Zeiteintrag dieses ButlerPakets läge außerhalb der neuen Laufzeit. Bitte verschieben oder löschen Sie ihn zuerst.',
    );
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, paket.id));
    expect(row.startDate).toBe('2026-01-01');
  });

  it('refuses an earlier start date that cuts off the end of the term', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-12-30');
    await book('2026-12-31');
    const res = await edit(paket.id, { start_date: '2025-12-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      '2 gebuchte Zeiteinträge dieses ButlerPakets lägen außerhalb der neuen Laufzeit. Bitte verschieben oder löschen Sie diese zuerst.',
    );
  });

  it('refuses a shorter duration (another template) that ends before the entries', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-04-01');
    const res = await edit(paket.id, { template_id: short });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('1 gebuchter Zeiteintrag');
  });

  it('allows every change that keeps all entries inside the term', async () => {
    const { paket, book } = await customerWithPaket();
    await book('2026-02-10');
    await book('2026-03-31');
    const shorter = await edit(paket.id, { template_id: short });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json().end_date).toBe('2026-03-31');
    const earlier = await edit(paket.id, { template_id: short, start_date: '2026-02-10' });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json()).toMatchObject({ start_date: '2026-02-10', end_date: '2026-05-09' });
    expect(earlier.json().total_hours_used_over_lifetime).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildHourPackage, buildProject, buildSubscription } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

/**
 * A Butler's own day (decision 0743): their hours this week and this month by day and by
 * customer, and the customers they look after with address and the one hours figure.
 */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
afterAll(() => setClock(null));

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner', 'Olga Inhaberin');
  butler = await staffMember(ctx, 'butler', 'Stefan Wimmer');
});

async function customerWithProject(lastName: string, address: Record<string, string> = {}) {
  const customer = await buildCustomer(ctx.db, { firstName: 'Maria', lastName, ...address });
  const project = await buildProject(ctx.db, customer.id);
  return { customer, project };
}

const book = (
  token: string,
  customerId: number,
  projectId: number,
  hours: number,
  date: string,
  type = 'stundenpakete',
) =>
  as(ctx, token).post(`/api/customers/${customerId}/time-entries`, {
    project_id: projectId,
    hours,
    activity_description: 'Einkauf erledigt',
    work_date: date,
    billing_type: type,
  });

describe('Meine Stunden and Meine Kunden', () => {
  it('sum the own bookings of this week and month; former customers stay unnamed', async () => {
    const gruber = await customerWithProject('Gruber', { street: 'Hauptstraße 4', postalCode: '1010', city: 'Wien' });
    const huber = await customerWithProject('Huber');
    const former = await customerWithProject('Früher');
    await buildSubscription(ctx.db, gruber.customer.id, {
      startDate: '2026-11-01',
      endDate: '2027-10-31',
      monthlyHours: '10',
    });
    await buildHourPackage(ctx.db, huber.customer.id, { hours: '5', purchaseDate: '2026-11-02' });
    for (const c of [gruber, huber, former])
      await as(ctx, owner.token).put(`/api/customers/${c.customer.id}/staff`, { staff_ids: [butler.id] });

    // Tuesday 1 December 2026: the week runs from Monday 30 November to Sunday 6 December.
    setClock('2026-12-01T10:00:00Z');
    const own: Array<[typeof gruber, number, string]> = [
      [gruber, 1.5, '2026-11-30'],
      [huber, 2, '2026-11-30'],
      [former, 0.75, '2026-11-27'],
      [gruber, 1, '2026-12-01'],
    ];
    for (const [c, hours, date] of own) {
      const type = c === gruber ? 'abos' : 'stundenpakete';
      const res = await book(butler.token, c.customer.id, c.project.id, hours, date, type);
      expect(res.statusCode, res.body).toBe(201);
    }
    // Someone else's booking is not the Butler's.
    expect((await book(owner.token, gruber.customer.id, gruber.project.id, 3, '2026-12-01', 'abos')).statusCode).toBe(
      201,
    );
    await as(ctx, owner.token).put(`/api/customers/${former.customer.id}/staff`, { staff_ids: [] });

    const res = await as(ctx, butler.token).get('/api/my-hours');
    expect(res.statusCode, res.body).toBe(200);
    const { week, month } = res.json();
    expect(week).toMatchObject({ from: '2026-11-30', to: '2026-12-06', total: 4.5 });
    expect(week.days).toEqual([
      { date: '2026-11-30', hours: 3.5 },
      { date: '2026-12-01', hours: 1 },
      { date: '2026-12-02', hours: 0 },
      { date: '2026-12-03', hours: 0 },
      { date: '2026-12-04', hours: 0 },
      { date: '2026-12-05', hours: 0 },
      { date: '2026-12-06', hours: 0 },
    ]);
    expect(week.customers).toEqual([
      { customer_id: gruber.customer.id, name: 'Maria Gruber', hours: 2.5 },
      { customer_id: huber.customer.id, name: 'Maria Huber', hours: 2 },
    ]);
    // December only: 1 h for Gruber.
    expect(month).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      total: 1,
      days: [{ date: '2026-12-01', hours: 1 }],
      customers: [{ customer_id: gruber.customer.id, name: 'Maria Gruber', hours: 1 }],
    });
    // November's week day of the former customer: counted, but not named.
    setClock('2026-11-28T10:00:00Z');
    const november = (await as(ctx, butler.token).get('/api/my-hours')).json().month;
    expect(november.total).toBe(4.25);
    expect(november.customers).toContainEqual({ customer_id: null, name: 'Weitere Kunden', hours: 0.75 });
    expect(JSON.stringify(november)).not.toContain('Früher');

    setClock('2026-12-01T10:00:00Z');
    const customers = (await as(ctx, butler.token).get('/api/my-customers')).json();
    expect(customers.map((c: any) => [c.name, c.address])).toEqual([
      ['Maria Gruber', 'Hauptstraße 4, 1010 Wien'],
      ['Maria Huber', null],
    ]);
    // The one figure: December's 10 h − 4 h (1 h the Butler's, 3 h the owner's) + 8,50 h left in November.
    expect(customers[0].usable_hours).toMatchObject({ total: 14.5, butler: { usable: 14.5, carried: 8.5 } });
    expect(customers[1].usable_hours).toMatchObject({ total: 3, packages: { purchased: 5, used: 2, remaining: 3 } });
  });

  it('is refused to whom books no time, and needs a session', async () => {
    const accounting = await staffMember(ctx, 'accounting');
    expect((await as(ctx, accounting.token).get('/api/my-hours')).statusCode).toBe(403);
    expect((await as(ctx, accounting.token).get('/api/my-customers')).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/my-hours' })).statusCode).toBe(401);
  });
});

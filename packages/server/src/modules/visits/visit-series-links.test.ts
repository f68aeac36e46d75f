import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox, visits } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

/**
 * Termine (decisions 0840, 0841): the fortnightly series, a visit tied to an Auftrag of the same
 * customer only, and the visit mail in the Sie voice. Pinned to Thursday 3 December 2026.
 */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let butler: StaffMember;

beforeAll(async () => {
  setClock('2026-12-03');
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
  office = await staffMember(ctx, 'office', 'Otto Office');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
}, 120_000);
afterAll(() => setClock(null));

async function customer(firstName: string) {
  const row = await buildCustomer(ctx.db, {
    firstName,
    lastName: 'Serie',
    salutation: 'frau',
    street: 'Hauptstraße 1',
    postalCode: '1010',
    city: 'Wien',
  });
  await buildSubscription(ctx.db, row.id, { startDate: '2026-01-01', endDate: '2027-12-31', monthlyTrips: 4 });
  await as(ctx, owner.token).put(`/api/customers/${row.id}/staff`, { staff_ids: [butler.id] });
  return { id: row.id, token: await ctx.login('customer', row.email, TEST_PASSWORD) };
}

const visit = (customerId: number, body: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  date: '2026-12-08',
  start_time: '09:00',
  end_time: '10:30',
  butler_ids: [butler.id],
  kind: 'trip',
  purpose: 'Garten',
  allow_conflicts: true,
  ...body,
});
const plannedOf = (customerId: number) =>
  ctx.db.select().from(visits).where(eq(visits.customerId, customerId)).orderBy(visits.startsAt);

describe('Termine: series, Aufträge and the Sie voice', () => {
  it('"jede zweite Woche" plans every other Tuesday up to the last day, at 09:00 Vienna time', async () => {
    const c = await customer('Zweiwoche');
    const res = await as(ctx, office.token).post(
      '/api/visits',
      visit(c.id, { repeat: 'biweekly', repeat_until: '2027-01-31' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    // 09:00 in Vienna is 08:00 UTC all winter; the series id ties the four together.
    const rows = await plannedOf(c.id);
    expect(rows.map((v) => v.startsAt.toISOString())).toEqual([
      '2026-12-08T08:00:00.000Z',
      '2026-12-22T08:00:00.000Z',
      '2027-01-05T08:00:00.000Z',
      '2027-01-19T08:00:00.000Z',
    ]);
    expect(new Set(rows.map((v) => v.seriesId)).size).toBe(1);
    expect(rows[0].seriesId).not.toBeNull();
  });

  it('ties a visit to an Auftrag of the same customer; another customer’s Auftrag is refused and nothing is planned', async () => {
    const c = await customer('Auftragsbesuch');
    const other = await customer('Fremdauftrag');
    const own = (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Hecke schneiden' })).json();
    const foreign = (
      await as(ctx, other.token).post(`/api/customers/${other.id}/orders`, { title: 'Keller räumen' })
    ).json();
    const refused = await as(ctx, office.token).post('/api/visits', visit(c.id, { order_id: foreign.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject({ order_id: 'Dieser Auftrag gehört nicht zu diesem Kunden' });
    expect(await plannedOf(c.id)).toHaveLength(0);

    const linked = await as(ctx, office.token).post('/api/visits', visit(c.id, { order_id: own.id }));
    expect(linked.statusCode, linked.body).toBe(201);
    const [row] = await plannedOf(c.id);
    expect(row.orderId).toBe(own.id);
    const listed = (
      await as(ctx, office.token).get(`/api/visits?from=2026-12-01&to=2026-12-31&customer_id=${c.id}`)
    ).json();
    expect(listed[0].order).toMatchObject({ id: own.id, number: own.number, title: 'Hecke schneiden' });
    // Moving it onto the other customer's Auftrag is refused too and keeps the link.
    const moved = await as(ctx, office.token).patch(`/api/visits/${row.id}`, { order_id: foreign.id });
    expect(moved.statusCode).toBe(400);
    expect((await plannedOf(c.id))[0].orderId).toBe(own.id);
  });

  it('mails the planned visit with its .ics in the Sie voice when the provider chose it', async () => {
    expect((await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'sie' })).statusCode).toBe(
      200,
    );
    try {
      const c = await customer('Siezbesuch');
      const res = await as(ctx, office.token).post('/api/visits', visit(c.id, { date: '2026-12-10' }));
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.customerId, c.id), eq(mailOutbox.template, 'visit-update')));
      expect(mail.subject).toMatch(/^Ihr Termin am /);
      expect(mail.textBody).toContain('Sehr geehrte Frau Serie,');
      expect(mail.textBody).toContain('wir haben einen Termin für Sie eingeplant:');
      expect(mail.textBody).not.toMatch(/\b(dich|dein|dir)\b/i);
      expect(JSON.stringify(mail.attachments)).toContain('termin.ics');
    } finally {
      await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'du' });
    }
  });
});

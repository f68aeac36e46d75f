import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { ORDER_EVENTS_CHANNEL } from './order-events.js';

/** Aufträge (decision 0810): the live events, the Freigabe's other answers, assignees, the Sie voice. */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
let otherButler: StaffMember;
let listener: pg.Client;
const events: Array<{ kind: string; order_id: number; customer_id: number }> = [];
const today = todayInVienna();

async function customer() {
  const row = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Fluss' });
  await buildSubscription(ctx.db, row.id, { startDate: addDays(today, -10), endDate: addDays(today, 355) });
  await as(ctx, owner.token).put(`/api/customers/${row.id}/staff`, { staff_ids: [butler.id] });
  return { id: row.id, token: await ctx.login('customer', row.email, TEST_PASSWORD) };
}
const patch = (token: string, id: number, payload: unknown) =>
  ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, payload: payload as any, token });

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
  otherButler = await staffMember(ctx, 'butler', 'Berta Fremd');
  listener = new pg.Client(ctx.poolConfig);
  await listener.connect();
  listener.on('notification', (n) => events.push(JSON.parse(n.payload ?? '{}')));
  await listener.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
}, 120_000);

afterAll(async () => {
  await listener?.end();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('Aufträge flow', () => {
  it('tells every portal process of a new Auftrag, a message and a change, after commit only', async () => {
    const c = await customer();
    const order = (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Hecke schneiden' })).json();
    await as(ctx, c.token).post(`/api/orders/${order.id}/messages`, { body: 'Bitte auch die Einfahrt' });
    await as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {});
    const mine = () => events.filter((e) => e.order_id === order.id).map((e) => e.kind);
    expect(await waitFor(() => mine().length >= 3)).toBe(true);
    expect(mine()).toEqual(['order.created', 'order.message', 'order.changed']);
    // A refused change (a second accept) tells nobody.
    await as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {});
    await new Promise((r) => setTimeout(r, 100));
    expect(mine()).toHaveLength(3);
    expect(events.find((e) => e.order_id === order.id)).toMatchObject({ customer_id: c.id });
  });

  it('a declined Freigabe keeps the Auftrag open; "more hours" writes the wish into the thread', async () => {
    const c = await customer();
    const file = async () =>
      (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Umzug' })).json() as { id: number };
    const declined = await file();
    await patch(owner.token, declined.id, { estimate_hours: 30 });
    const answer = await as(ctx, c.token).post(`/api/orders/${declined.id}/approval`, { decision: 'decline' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ state: 'new', approval_state: 'declined' });
    const more = await file();
    await patch(owner.token, more.id, { estimate_hours: 30 });
    const wish = await as(ctx, c.token).post(`/api/orders/${more.id}/approval`, {
      decision: 'more_hours',
      comment: 'Gerne 20 Stunden dazu',
    });
    expect(wish.json().approval_state).toBe('more_hours');
    expect(wish.json().messages.at(-1)).toMatchObject({
      author_kind: 'customer',
      body: 'Ich möchte mehr Stunden: bitte meldet euch bei mir.\n\nGerne 20 Stunden dazu',
    });
    const staffDeclined = await patch(owner.token, more.id, { state: 'declined' });
    expect(staffDeclined.json()).toMatchObject({ state: 'declined' });
    expect(staffDeclined.json().closed_at).not.toBeNull();
    expect((await patch(owner.token, more.id, { urgent: true })).statusCode).toBe(409);
    const inbox = await as(ctx, owner.token).get('/api/orders?state=approval');
    expect(inbox.json().map((o: { id: number }) => o.id)).not.toContain(more.id);
  });

  it('assigns only active staff who may work on Aufträge; a Butler only for customers they look after', async () => {
    const c = await customer();
    const order = (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Fenster' })).json();
    expect(order.assignee).toEqual({ id: butler.id, name: 'Bert' });
    const foreign = await patch(owner.token, order.id, { assignee_admin_id: otherButler.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/die er betreut/);
    const accounting = await staffMember(ctx, 'accounting');
    expect((await patch(owner.token, order.id, { assignee_admin_id: accounting.id })).statusCode).toBe(400);
    const none = await patch(owner.token, order.id, { assignee_admin_id: null });
    expect(none.json().assignee).toBeNull();
    expect(
      (await as(ctx, owner.token).get('/api/orders?assignee_id=none')).json().map((o: { id: number }) => o.id),
    ).toContain(order.id);
  });

  it('mails a reply and a state change; none once the customer switched Aufträge mails off, the lounge still shows both', async () => {
    const c = await customer();
    const order = (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Fenster putzen' })).json();
    const subjects = async () =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id))).map((m) => m.subject);
    await as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {});
    await as(ctx, owner.token).post(`/api/orders/${order.id}/messages`, { body: 'Passt Donnerstag?' });
    expect(await subjects()).toEqual(
      expect.arrayContaining([
        `Dein Auftrag ${order.number}: Angenommen`,
        `Neue Nachricht zu deinem Auftrag ${order.number}: Fenster putzen`,
      ]),
    );
    const before = (await subjects()).length;

    const off = await as(ctx, c.token).put(`/api/customers/${c.id}/notification-preferences`, {
      balance_alert_mails: true,
      statement_mails: true,
      order_mails: false,
    });
    expect(off.json()).toMatchObject({ order_mails: false });
    await as(ctx, owner.token).post(`/api/orders/${order.id}/messages`, { body: 'Dann Freitag um 9.' });
    expect((await patch(owner.token, order.id, { state: 'planned', planned_date: today })).statusCode).toBe(200);
    expect(await subjects()).toHaveLength(before);
    const seen = (await as(ctx, c.token).get(`/api/orders/${order.id}`)).json();
    expect(seen.state).toBe('planned');
    expect(seen.messages.map((m: { body: string }) => m.body)).toContain('Dann Freitag um 9.');
  });

  it('speaks Sie in mails, system messages and refusals when the provider chose it', async () => {
    const voice = await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'sie' });
    expect(voice.statusCode, voice.body).toBe(200);
    try {
      const c = await customer();
      const order = (await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Garage' })).json();
      await patch(owner.token, order.id, { estimate_hours: 40 });
      const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id));
      expect(mails.map((m) => m.subject)).toContain(`Ihr Auftrag ${order.number} braucht Ihre Freigabe`);
      const seen = (await as(ctx, c.token).get(`/api/orders/${order.id}`)).json();
      expect(seen.messages.at(-1)).toMatchObject({ author_kind: 'system', author_name: 'Ihr BUTLER' });
      await as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {});
      const refused = await as(ctx, c.token).post(`/api/orders/${order.id}/withdraw`);
      expect(refused.json().error).toMatch(/Schreiben Sie uns/);
    } finally {
      await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'du' });
    }
  });
});

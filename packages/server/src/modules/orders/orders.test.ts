import { todayInVienna } from '@butler/contract/format';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, mailOutbox, orders } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';

/** Aufträge (decision 0810): the lounge files, staff work, the Freigabe guards the hours. */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let butler: StaffMember;
let accounting: StaffMember;
const today = todayInVienna();

type Customer = { id: number; token: string; projectId: number; email: string };

/** A customer with a ButlerPaket of 10 h a month (so 10 h "Jetzt verfügbar"), signed in to the lounge. */
async function customer(firstName = 'Maria'): Promise<Customer> {
  const row = await buildCustomer(ctx.db, { firstName, lastName: 'Auftrag' });
  await buildSubscription(ctx.db, row.id, { startDate: addDays(today, -10), endDate: addDays(today, 355) });
  const projectId = (await buildProject(ctx.db, row.id)).id;
  await as(ctx, owner.token).put(`/api/customers/${row.id}/staff`, { staff_ids: [butler.id] });
  return { id: row.id, token: await ctx.login('customer', row.email, TEST_PASSWORD), projectId, email: row.email };
}

const patch = (token: string, id: number, payload: unknown) =>
  ctx.request({ method: 'PATCH', url: `/api/orders/${id}`, payload: payload as any, token });

async function fileOrder(c: Customer, body: Record<string, unknown> = {}) {
  const res = await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'Keller ausräumen', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const book = (c: Customer, orderId: number, hours: number) =>
  as(ctx, owner.token).post(`/api/customers/${c.id}/time-entries`, {
    project_id: c.projectId,
    hours,
    activity_description: 'Keller ausgeräumt',
    work_date: today,
    order_id: orderId,
  });

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
  office = await staffMember(ctx, 'office', 'Otto Office');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
  accounting = await staffMember(ctx, 'accounting', 'Anja Accounting');
}, 120_000);

describe('filing an Auftrag', () => {
  it('files once per idempotency key, also under a burst of 5 identical requests', async () => {
    const c = await customer();
    const body = { title: 'Fenster putzen', idempotency_key: 'key-burst-0001' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as(ctx, c.token).post(`/api/customers/${c.id}/orders`, body)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await ctx.db.select().from(orders).where(eq(orders.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'lounge', assigneeAdminId: butler.id, state: 'new' });
    expect(answers[0].json()).toMatchObject({ number: `A-${String(rows[0].id).padStart(4, '0')}`, can_withdraw: true });
  });

  it('files at most 10 a Vienna day from the lounge, also under a parallel burst', async () => {
    const c = await customer();
    const answers = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        as(ctx, c.token).post(`/api/customers/${c.id}/orders`, {
          title: `Auftrag ${i}`,
          idempotency_key: `limit-key-${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].json().error).toBe(
      'Heute wurden schon 10 Aufträge angelegt. Bitte morgen wieder oder ruf uns an.',
    );
    // Staff writing down a call are not held back by the lounge's limit.
    const byPhone = await as(ctx, office.token).post(`/api/customers/${c.id}/orders`, { title: 'Anruf: Garten' });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json()).toMatchObject({ channel: 'phone' });
  });

  it('answers invalid input with a German 400, never a 500', async () => {
    const c = await customer();
    const empty = await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/worum es geht/);
    const long = await as(ctx, c.token).post(`/api/customers/${c.id}/orders`, { title: 'x'.repeat(151) });
    expect(long.statusCode).toBe(400);
    const order = await fileOrder(c);
    const badEstimate = await patch(owner.token, order.id, { estimate_hours: 0.3 });
    expect(badEstimate.statusCode).toBe(400);
    expect(badEstimate.json().error).toMatch(/Vielfaches von 0,25/);
    const nothing = await patch(owner.token, order.id, {});
    expect(nothing.statusCode).toBe(400);
    const badId = await as(ctx, owner.token).get('/api/orders/abc');
    expect(badId.statusCode).toBe(400);
    const badFilter = await as(ctx, owner.token).get('/api/orders?state=kaputt');
    expect(badFilter.statusCode).toBe(400);
    const internalByCustomer = await as(ctx, c.token).post(`/api/orders/${order.id}/messages`, {
      body: 'x',
      internal: true,
    });
    expect(internalByCustomer.statusCode).toBe(400);
    const unknownAssignee = await patch(owner.token, order.id, { assignee_admin_id: 999999 });
    expect(unknownAssignee.statusCode).toBe(400);
    expect(unknownAssignee.json().error).toMatch(/aktiven Mitarbeiter/);
  });
});

describe('who sees what', () => {
  it('a customer sees only their own Aufträge (a foreign one is not found)', async () => {
    const a = await customer('Anna');
    const b = await customer('Bernd');
    const foreign = await fileOrder(b);
    expect((await as(ctx, a.token).get(`/api/orders/${foreign.id}`)).statusCode).toBe(404);
    expect((await as(ctx, a.token).post(`/api/orders/${foreign.id}/messages`, { body: 'Hallo' })).statusCode).toBe(404);
    expect((await as(ctx, a.token).get(`/api/customers/${b.id}/orders`)).statusCode).toBe(403);
    expect((await as(ctx, a.token).get('/api/orders')).statusCode).toBe(403);
    const own = await fileOrder(a);
    const list = await as(ctx, a.token).get(`/api/customers/${a.id}/orders`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((o: { id: number }) => o.id)).toEqual([own.id]);
  });

  it('a Butler sees only the Aufträge of customers they look after; the inbox searches number and title', async () => {
    const mine = await customer();
    const other = await buildCustomer(ctx.db, { firstName: 'Fremd' });
    const order = await fileOrder(mine, { title: 'Gartenhütte streichen', urgent: true });
    const [foreign] = await ctx.db
      .insert(orders)
      .values({ customerId: other.id, title: 'Gartenhütte fremd' })
      .returning();
    const inbox = await as(ctx, butler.token).get('/api/orders?q=garten');
    const ids = inbox.json().map((o: { id: number }) => o.id);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(foreign.id);
    expect((await as(ctx, owner.token).get('/api/orders?q=gartenh')).json().map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([order.id, foreign.id]),
    );
    const byNumber = await as(ctx, owner.token).get(`/api/orders?q=A-${String(order.id).padStart(4, '0')}`);
    expect(byNumber.json().map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await as(ctx, butler.token).get(`/api/orders/${foreign.id}`)).statusCode).toBe(404);
    const counts = await as(ctx, butler.token).get('/api/orders/counts');
    expect(counts.statusCode).toBe(200);
    expect(counts.json().new).toBeGreaterThan(0);
    const urgentFirst = await as(ctx, owner.token).get('/api/orders?state=open&page_size=1');
    expect(urgentFirst.json()[0].urgent).toBe(true);
  });

  it('never shows an internal note to the customer, in a mail or to Buchhaltung', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    await as(ctx, owner.token).post(`/api/orders/${order.id}/messages`, {
      body: 'Kunde ist schwierig',
      internal: true,
    });
    await as(ctx, owner.token).post(`/api/orders/${order.id}/messages`, { body: 'Wir kommen am Montag.' });
    const seen = (await as(ctx, c.token).get(`/api/orders/${order.id}`)).json();
    expect(seen.messages.map((m: { body: string }) => m.body)).toEqual(['Wir kommen am Montag.']);
    expect(seen.messages[0]).toMatchObject({ author_kind: 'staff', author_name: 'Olga' });
    expect(seen.message_count).toBe(1);
    const forAccounting = (await as(ctx, accounting.token).get(`/api/orders/${order.id}`)).json();
    expect(forAccounting.messages.map((m: { body: string }) => m.body)).toEqual(['Wir kommen am Montag.']);
    const forOwner = (await as(ctx, owner.token).get(`/api/orders/${order.id}`)).json();
    expect(forOwner.messages).toHaveLength(2);
    expect(forOwner.messages[0]).toMatchObject({ internal: true, author_name: 'Olga Owner' });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Wir kommen am Montag.');
    expect(mails[0].textBody).toContain(`/customer/auftraege/${order.id}`);
    expect(mails.map((m) => `${m.textBody}${m.htmlBody}`).join('')).not.toContain('schwierig');
  });
});

describe('working on an Auftrag', () => {
  it('lets one of two staff accepting at once win; the other reads who', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    const [first, second] = await Promise.all([
      as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {}),
      as(ctx, office.token).post(`/api/orders/${order.id}/accept`, {}),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? 'Olga Owner' : 'Otto Office';
    expect(lost.json().error).toBe(`Bereits angenommen von ${winner}.`);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order_accept')),
      );
    expect(rows).toHaveLength(1);
  });

  it('refuses withdrawn and done by PATCH, brings a waiting Auftrag back on the customer reply', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    expect((await patch(owner.token, order.id, { state: 'withdrawn' })).statusCode).toBe(409);
    expect((await patch(owner.token, order.id, { state: 'done' })).statusCode).toBe(409);
    expect((await patch(owner.token, order.id, { state: 'planned', planned_date: today })).statusCode).toBe(200);
    expect((await patch(owner.token, order.id, { state: 'waiting_customer' })).json().state).toBe('waiting_customer');
    // The same state line, each reader in their words.
    const lastLine = async (token: string) =>
      (await as(ctx, token).get(`/api/orders/${order.id}`)).json().messages.at(-1).body;
    expect(await lastLine(owner.token)).toBe('Status: Wartet auf Kunde');
    expect(await lastLine(c.token)).toBe('Status: Wartet auf dich');
    const replied = await as(ctx, c.token).post(`/api/orders/${order.id}/messages`, { body: 'Passt, Montag ist gut.' });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().state).toBe('planned');
  });

  it('withdraws only while new, and only by the customer', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    expect((await as(ctx, owner.token).post(`/api/orders/${order.id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await as(ctx, c.token).post(`/api/orders/${order.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn', can_withdraw: false });
    const late = await fileOrder(c);
    await as(ctx, owner.token).post(`/api/orders/${late.id}/accept`, {});
    const refused = await as(ctx, c.token).post(`/api/orders/${late.id}/withdraw`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/Zurückziehen geht nur/);
    const closed = await as(ctx, c.token).post(`/api/orders/${order.id}/messages`, { body: 'Doch noch?' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatch(/abgeschlossen/);
  });
});

describe('the Freigabe (hours beyond the available)', () => {
  it('asks for it when the estimate is above the available, and the customer approves', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    const estimated = await patch(owner.token, order.id, { estimate_hours: 12 });
    expect(estimated.statusCode, estimated.body).toBe(200);
    expect(estimated.json()).toMatchObject({
      approval_state: 'requested',
      approval: { state: 'requested', estimate_hours: 12, available_hours: 10, shortfall_hours: 2 },
      available_hours: 10,
    });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id));
    expect(mails.map((m) => m.subject)).toContain(`Dein Auftrag ${order.number} braucht deine Freigabe`);
    const approved = await as(ctx, c.token).post(`/api/orders/${order.id}/approval`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval).toMatchObject({ state: 'approved' });
    expect((await as(ctx, c.token).post(`/api/orders/${order.id}/approval`, { decision: 'approve' })).statusCode).toBe(
      409,
    );
    // An estimate within the available clears a pending request.
    const second = await fileOrder(c);
    await patch(owner.token, second.id, { estimate_hours: 20 });
    expect((await patch(owner.token, second.id, { estimate_hours: 4 })).json().approval_state).toBeNull();
  });

  it("puts what waits for the customer first in the customer's list, then the newest", async () => {
    const c = await customer();
    const asked = await fileOrder(c, { title: 'Braucht Freigabe' });
    const waiting = await fileOrder(c, { title: 'Wartet auf Antwort' });
    await fileOrder(c, { title: 'Neuester' });
    expect((await patch(owner.token, asked.id, { estimate_hours: 12 })).json().approval_state).toBe('requested');
    const moved = await patch(owner.token, waiting.id, { state: 'waiting_customer' });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await as(ctx, c.token).get(`/api/customers/${c.id}/orders?state=open&page=1&page_size=3`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Array<{ title: string }>).map((o) => o.title)).toEqual([
      'Wartet auf Antwort',
      'Braucht Freigabe',
      'Neuester',
    ]);
  });

  it('refuses a booking beyond the available without Freigabe, allows it after the approval', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    const refused = await book(c, order.id, 12);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/fehlt die Freigabe des Kunden/);
    expect((await book(c, order.id, 2)).statusCode).toBe(201);
    await patch(owner.token, order.id, { estimate_hours: 12 });
    await as(ctx, c.token).post(`/api/orders/${order.id}/approval`, { decision: 'approve' });
    const booked = await book(c, order.id, 10);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ order_id: order.id, order: { id: order.id, number: order.number } });
    const deductions = await as(ctx, c.token).get(`/api/customers/${c.id}/deductions?billing_type=abos`);
    expect(deductions.json().entries[0].order).toMatchObject({ id: order.id, title: 'Keller ausräumen' });
  });

  it('counts hours booked on the Auftrag once: the shortfall is the rest of the estimate beyond the available', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    await patch(owner.token, order.id, { estimate_hours: 12 });
    await as(ctx, c.token).post(`/api/orders/${order.id}/approval`, { decision: 'approve' });
    expect((await book(c, order.id, 1.5)).statusCode).toBe(201);
    // 12 h estimated, 1,5 h of them booked: 10,5 h still needed, 8,5 h available, 2 h lacking.
    const expected = { estimate_hours: 12, booked_hours: 1.5, available_hours: 8.5, shortfall_hours: 2 };
    expect((await as(ctx, owner.token).get(`/api/orders/${order.id}`)).json().approval).toMatchObject(expected);
    expect((await as(ctx, c.token).get(`/api/orders/${order.id}`)).json().approval).toMatchObject(expected);
    // An estimate that what is booked plus what is available covers asks for no Freigabe.
    const second = await fileOrder(c);
    expect((await book(c, second.id, 6)).statusCode).toBe(201);
    const within = await patch(owner.token, second.id, { estimate_hours: 8 });
    expect(within.json()).toMatchObject({ approval_state: null, available_hours: 2.5 });
    expect((await patch(owner.token, second.id, { estimate_hours: 9 })).json().approval_state).toBe('requested');
  });

  it('a booking on a foreign or closed Auftrag is refused in German', async () => {
    const c = await customer();
    const other = await customer('Otto');
    const foreign = await fileOrder(other);
    const wrong = await book(c, foreign.id, 1);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/gehört nicht zu diesem Kunden/);
    const order = await fileOrder(c);
    await as(ctx, c.token).post(`/api/orders/${order.id}/withdraw`);
    const closed = await book(c, order.id, 1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatch(/abgeschlossen/);
  });

  it('an override lets staff book beyond the available: audited and shown to the customer', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    expect(
      (await as(ctx, butler.token).post(`/api/orders/${order.id}/override`, { reason: 'Rohrbruch' })).statusCode,
    ).toBe(403);
    const overridden = await as(ctx, owner.token).post(`/api/orders/${order.id}/override`, {
      reason: 'Rohrbruch, sofort nötig',
    });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().override).toEqual({ reason: 'Rohrbruch, sofort nötig', by: 'Olga Owner' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order_override')));
    expect(audit).toMatchObject({ entity: 'order', actorName: 'Olga Owner', customerId: c.id });
    expect((await book(c, order.id, 12)).statusCode).toBe(201);
    const seen = (await as(ctx, c.token).get(`/api/orders/${order.id}`)).json();
    expect(seen.override).toEqual({ reason: 'Rohrbruch, sofort nötig', by: 'Olga' });
    expect(seen.messages.map((m: { body: string }) => m.body)).toContain(
      'Über dein verfügbares Guthaben hinaus gebucht. Grund: Rohrbruch, sofort nötig',
    );
  });
});

describe('closing an Auftrag', () => {
  it('closes with the booked hours by kind in the thread and a mail', async () => {
    const c = await customer();
    const order = await fileOrder(c);
    await as(ctx, owner.token).post(`/api/orders/${order.id}/accept`, {});
    expect((await book(c, order.id, 1.5)).statusCode).toBe(201);
    expect((await book(c, order.id, 1)).statusCode).toBe(201);
    const closed = await as(ctx, owner.token).post(`/api/orders/${order.id}/close`, { summary: 'Alles weggebracht.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'done', booked_hours: 2.5 });
    expect(closed.json().closed_at).not.toBeNull();
    const last = closed.json().messages.at(-1);
    expect(last).toMatchObject({
      author_kind: 'system',
      body: 'Erledigt: 2,50 h aus deinem ButlerPaket.\n\nAlles weggebracht.',
    });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, c.id));
    const done = mails.find((m) => m.subject === `Dein Auftrag ${order.number} ist erledigt`);
    expect(done?.textBody).toContain('Erledigt: 2,50 h aus deinem ButlerPaket');
    expect((await as(ctx, owner.token).post(`/api/orders/${order.id}/close`, {})).statusCode).toBe(409);
    expect((await book(c, order.id, 1)).statusCode).toBe(409);
  });
});

describe('the timer and an Auftrag', () => {
  it('carries the Auftrag from the timer into the booking, and refuses a foreign one', async () => {
    const c = await customer();
    const other = await customer('Otto');
    const order = await fileOrder(c);
    const foreign = await fileOrder(other);
    const wrong = await as(ctx, office.token).post('/api/timer', { customer_id: c.id, order_id: foreign.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/gehört nicht zu diesem Kunden/);
    const started = await as(ctx, office.token).post('/api/timer', { customer_id: c.id, order_id: order.id });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().timer.order).toEqual({ id: order.id, number: order.number, title: 'Keller ausräumen' });
    expect((await as(ctx, office.token).post('/api/timer/stop')).statusCode).toBe(200);
    const booked = await as(ctx, office.token).post(`/api/customers/${c.id}/time-entries`, {
      project_id: c.projectId,
      hours: 0.25,
      activity_description: 'Besichtigung',
      work_date: today,
      from_timer: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ order_id: order.id, order: { number: order.number } });
    const detail = (await as(ctx, c.token).get(`/api/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ booked_hours: 0.25, entries: [{ hours: 0.25, billing_type: 'abos' }] });
  });
});

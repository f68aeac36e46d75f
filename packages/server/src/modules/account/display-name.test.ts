import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildAdmin, buildCustomer, buildProject, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

/** Decision 0622: people see names, not usernames. */
describe('Anzeigename', () => {
  it('is asked for, set by the staff member, and shown for their bookings and Protokoll lines', async () => {
    // Like the first admin of ADMIN_USERNAME without ADMIN_NAME: no display name yet.
    const admin = await buildAdmin(ctx.db, { username: 'lberger', name: '' });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'lberger', password: TEST_PASSWORD, user_type: 'admin' },
    });
    expect(login.json().user).toMatchObject({ name: 'lberger', needs_display_name: true });
    const token = login.json().token as string;
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      ctx.request({ method, url, token, payload: payload as any });

    // A booking before the name is set carries the username…
    const customer = await buildCustomer(ctx.db);
    const project = await buildProject(ctx.db, customer.id);
    await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      monthlyHours: '10',
    });
    const before = await as('POST', `/api/customers/${customer.id}/time-entries`, {
      project_id: project.id,
      hours: 1,
      activity_description: 'Einkauf erledigt',
      work_date: '2026-02-03',
      billing_type: 'abos',
    });
    expect(before.json().created_by).toBe('lberger');

    // Bad names are refused in German and change nothing; customers have no display name to set.
    const short = await as('PUT', '/api/account/name', { name: ' L ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.name).toBe('Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)');
    const customerCall = await ctx.request({
      method: 'PUT',
      url: '/api/account/name',
      token: actors.tokens.customerA,
      payload: { name: 'Maria' },
    });
    expect(customerCall.statusCode).toBe(403);

    const saved = await as('PUT', '/api/account/name', { name: '  Lisa Berger ' });
    expect(saved.json()).toEqual({ name: 'Lisa Berger' });
    const again = await as('POST', '/api/auth/validate-token');
    expect(again.json().user).toMatchObject({ name: 'Lisa Berger', needs_display_name: false });

    // …and is renamed with it; new bookings carry the name.
    const after = await as('POST', `/api/customers/${customer.id}/time-entries`, {
      project_id: project.id,
      hours: 2,
      activity_description: 'Handwerker koordiniert',
      work_date: '2026-02-04',
      billing_type: 'abos',
    });
    expect(after.json().created_by).toBe('Lisa Berger');
    const list = await as('GET', `/api/time-entries?customer_id=${customer.id}`);
    expect(list.json().map((e: any) => e.created_by)).toEqual(['Lisa Berger', 'Lisa Berger']);
    const customerToken = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const lounge = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/dashboard`,
      token: customerToken,
    });
    expect(lounge.json().subscription_deductions.map((d: any) => d.created_by)).toEqual(['Lisa Berger', 'Lisa Berger']);

    // The Protokoll names the person, also on lines written before the name was set.
    const audit = await ctx.request({
      method: 'GET',
      url: `/api/audit?actor=admin:${admin.id}&page_size=50`,
      token: actors.tokens.admin,
    });
    const names = new Set(audit.json().items.map((i: any) => i.actor_name));
    expect([...names]).toEqual(['Lisa Berger']);
  });
});

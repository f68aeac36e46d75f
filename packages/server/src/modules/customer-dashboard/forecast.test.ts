import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const { buildAdmin, TEST_PASSWORD } = await import('../../../test/factories.js');
  const admin = await buildAdmin(ctx.db, { username: 'prognose' });
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  setClock('2026-06-30');
});
afterAll(() => setClock(null));

const get = (url: string) => ctx.request({ method: 'GET', url, token });

describe('forecast beside the rings', () => {
  it('ButlerPaket with carry-over and Stundenpakete at the rate of the last 90 days', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    await buildSubscription(ctx.db, c.id, { startDate: '2026-01-01', endDate: '2026-12-31', monthlyHours: '20' });
    // 90 h in the window (2 April – 30 June): 1 h a day. Allotted Jan–Jun 120 h, balance 30 h.
    for (const d of ['2026-04-10', '2026-05-10', '2026-06-10']) {
      await buildTimeEntry(ctx.db, c.id, p.id, { workDate: d, hours: '30' });
    }
    // A booking before the window counts for the balance, not for the rate.
    await buildHourPackage(ctx.db, c.id, { hours: '20', purchaseDate: '2026-05-01' });
    for (const d of ['2026-05-05', '2026-06-01', '2026-06-20']) {
      await buildTimeEntry(ctx.db, c.id, p.id, { workDate: d, hours: '2', billingType: 'stundenpakete' });
    }
    const dashboard = (await get(`/api/customers/${c.id}/dashboard`)).json();
    // 30 h + 20 h in July … at 1 h/day: covered until 28 September.
    expect(dashboard.forecast.subscription).toEqual({ until: '2026-09-28', until_term_end: false });
    // 14 h left at 6 h over 61 days (packages since 1 May): 142 days.
    expect(dashboard.forecast.packages).toEqual({ until: '2026-11-19', until_term_end: false });
    // The admin's customer view reads the same figure.
    const sub = (await get(`/api/customers/${c.id}/subscription`)).json();
    expect(sub.forecast).toEqual(dashboard.forecast.subscription);
  });

  it('shows nothing with too little history, and the term end when the hours outlast it', async () => {
    const c = await buildCustomer(ctx.db);
    const p = await buildProject(ctx.db, c.id);
    await buildSubscription(ctx.db, c.id, { startDate: '2026-06-10', endDate: '2027-06-09', monthlyHours: '10' });
    await buildHourPackage(ctx.db, c.id, { hours: '10', purchaseDate: '2026-06-10' });
    for (const d of ['2026-06-11', '2026-06-15', '2026-06-20']) {
      await buildTimeEntry(ctx.db, c.id, p.id, { workDate: d, hours: '1' });
      await buildTimeEntry(ctx.db, c.id, p.id, { workDate: d, hours: '1', billingType: 'stundenpakete' });
    }
    const young = (await get(`/api/customers/${c.id}/dashboard`)).json();
    expect(young.forecast).toEqual({ subscription: null, packages: null });

    const calm = await buildCustomer(ctx.db);
    const q = await buildProject(ctx.db, calm.id);
    await buildSubscription(ctx.db, calm.id, { startDate: '2026-01-01', endDate: '2026-12-31', monthlyHours: '10' });
    for (const d of ['2026-04-10', '2026-05-10', '2026-06-10']) {
      await buildTimeEntry(ctx.db, calm.id, q.id, { workDate: d, hours: '3' });
    }
    const outlasts = (await get(`/api/customers/${calm.id}/dashboard`)).json();
    expect(outlasts.forecast.subscription).toEqual({ until: '2026-12-31', until_term_end: true });
  });
});

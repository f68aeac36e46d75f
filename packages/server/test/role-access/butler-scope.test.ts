import { todayInVienna } from '@butler/contract/format';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, wikiEntries } from '../../src/db/schema/index.js';
import { addDays } from '../../src/domain/calendar.js';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  buildWikiCategory,
} from '../factories.js';
import { as, type StaffMember, staffMember } from '../staff-members.js';
import { createTestContext, type TestContext } from '../test-app.js';

/**
 * Decision 0540: the lists and figures a Butler sees only in part (customer list, search,
 * dashboards, monthly view, wiki, time entries) are computed over their customers only,
 * and an assignment holds from their next request.
 */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
const ids = { mine1: 0, mine2: 0, foreign: 0 };
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner');
  butler = await staffMember(ctx, 'butler', 'Bea Butler');
  const category = await buildWikiCategory(ctx.db, { name: 'Hausinfos' });
  // Monthly hours 10 and 5 for the Butler's customers, 20 for the other; 8 and 30 package hours.
  const plan = [
    ['mine1', 'Maria', 'Mayr', '10', '8'],
    ['mine2', 'Martin', 'Moser', '5', null],
    ['foreign', 'Franz', 'Fremd', '20', '30'],
  ] as const;
  for (const [key, firstName, lastName, monthly, packageHours] of plan) {
    const customer = await buildCustomer(ctx.db, { firstName, lastName, company: `${lastName} GmbH` });
    ids[key] = customer.id;
    const start = `${today.slice(0, 7)}-01`;
    await buildSubscription(ctx.db, customer.id, {
      startDate: start,
      endDate: addDays(addDays(start, 0), 30),
      durationMonths: 1,
      monthlyHours: monthly,
    });
    const project = await buildProject(ctx.db, customer.id, { name: `Garten ${lastName}` });
    await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: today, hours: '2' });
    if (packageHours) await buildHourPackage(ctx.db, customer.id, { hours: packageHours, purchaseDate: today });
    await ctx.db.insert(wikiEntries).values({
      customerId: customer.id,
      categoryId: category.id,
      title: `Schlüssel ${lastName}`,
      content: '<p>Beim Nachbarn</p>',
      createdBy: 'admin',
    });
  }
  for (const id of [ids.mine1, ids.mine2]) {
    expect((await as(ctx, owner.token).put(`/api/customers/${id}/staff`, { staff_ids: [butler.id] })).statusCode).toBe(
      200,
    );
  }
});

const namesIn = (list: Array<{ customer_id?: number; id?: number }>) =>
  [...new Set(list.map((r) => r.customer_id ?? r.id))].sort();
const mine = () => [ids.mine1, ids.mine2].sort();

describe('a Butler sees only their customers (decision 0540)', () => {
  it('customer list and search', async () => {
    const list = await as(ctx, butler.token).get('/api/customers');
    expect(namesIn(list.json())).toEqual(mine());
    expect(list.headers['x-total-count']).toBe('2');
    const search = await as(ctx, butler.token).get('/api/customers?search=GmbH');
    expect(namesIn(search.json())).toEqual(mine());
    expect((await as(ctx, butler.token).get('/api/customers?search=Fremd')).json()).toEqual([]);
    expect(namesIn((await as(ctx, owner.token).get('/api/customers?search=GmbH')).json())).toHaveLength(3);
  });

  it('dashboard figures over their customers only', async () => {
    const mineStats = (await as(ctx, butler.token).get('/api/admin/dashboard-stats')).json();
    const allStats = (await as(ctx, owner.token).get('/api/admin/dashboard-stats')).json();
    expect(mineStats.total_customers).toBe(2);
    expect(allStats.total_customers).toBeGreaterThanOrEqual(3);
    expect(mineStats.total_active_subscriptions).toBe(2);
    expect(mineStats.total_hours_current_month_butler_only).toBe(15);
    expect(allStats.total_hours_current_month_butler_only).toBe(35);
    expect(mineStats.sold_package_hours_yearly).toBe(8);
    expect(allStats.sold_package_hours_yearly).toBe(38);
  });

  it('monthly view, expiring ButlerPakete and low balances', async () => {
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const monthly = await as(ctx, butler.token).get(`/api/admin/customers-monthly/${year}/${month}`);
    expect(namesIn(monthly.json())).toEqual(mine());
    expect(monthly.headers['x-total-count']).toBe('2');
    const expiring = await as(ctx, butler.token).get('/api/admin/expiring-subscriptions');
    expect(namesIn(expiring.json())).toEqual(mine());
    const everyone = await as(ctx, owner.token).get('/api/admin/expiring-subscriptions');
    expect(namesIn(everyone.json())).toContain(ids.foreign);
    const low = (await as(ctx, butler.token).get('/api/admin/low-balances')).json();
    expect(low.every((r: { customer_id: number }) => mine().includes(r.customer_id))).toBe(true);
  });

  it('time entries, projects and the wiki', async () => {
    const api = as(ctx, butler.token);
    expect(namesIn((await api.get('/api/time-entries')).json())).toEqual(mine());
    expect(namesIn((await api.get('/api/projects')).json())).toEqual(mine());
    expect(namesIn((await api.get('/api/wiki/entries')).json())).toEqual(mine());
    expect(namesIn((await api.get('/api/wiki/search?q=Schl')).json())).toEqual(mine());
    expect(namesIn((await api.get('/api/wiki/recent-customers')).json())).toEqual(mine());
    expect((await api.get(`/api/time-entries?customer_id=${ids.foreign}`)).statusCode).toBe(403);
  });

  it('an assignment holds from the next request and is audited under the customer', async () => {
    const api = as(ctx, butler.token);
    expect((await api.get(`/api/customers/${ids.foreign}`)).statusCode).toBe(403);
    const assigned = await as(ctx, owner.token).put(`/api/customers/${ids.foreign}/staff`, {
      staff_ids: [butler.id],
    });
    expect(assigned.json().staff).toEqual([{ id: butler.id, name: 'Bea Butler', role: 'butler' }]);
    expect((await api.get(`/api/customers/${ids.foreign}`)).statusCode).toBe(200);
    expect((await api.get('/api/admin/dashboard-stats')).json().total_customers).toBe(3);
    await as(ctx, owner.token).put(`/api/customers/${ids.foreign}/staff`, { staff_ids: [] });
    expect((await api.get(`/api/customers/${ids.foreign}`)).statusCode).toBe(403);
    expect((await api.get('/api/admin/dashboard-stats')).json().total_customers).toBe(2);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assign_staff'), eq(auditLog.customerId, ids.foreign)));
    expect(audited.map((a) => a.changes)).toEqual([
      { staff: { before: [], after: [butler.username] } },
      { staff: { before: [butler.username], after: [] } },
    ]);
  });

  it('parallel Betreuer changes apply whole, one after the other; unknown staff change nothing', async () => {
    const other = await staffMember(ctx, 'butler');
    const choices = [[butler.id], [other.id], [butler.id, other.id], []];
    await Promise.all(
      choices.map((staff_ids) => as(ctx, owner.token).put(`/api/customers/${ids.mine2}/staff`, { staff_ids })),
    );
    const final = (await as(ctx, owner.token).get(`/api/customers/${ids.mine2}`)).json().staff.map((s: any) => s.id);
    expect(choices.map((c) => [...c].sort().join())).toContain([...final].sort().join());
    const bad = await as(ctx, owner.token).put(`/api/customers/${ids.mine2}/staff`, { staff_ids: [999_999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.staff_ids).toBe('Bitte wählen Sie nur aktive Mitarbeiter als Betreuer');
    const dup = await as(ctx, owner.token).put(`/api/customers/${ids.mine2}/staff`, { staff_ids: [1, 1] });
    expect(dup.statusCode).toBe(400);
    await as(ctx, owner.token).put(`/api/customers/${ids.mine2}/staff`, { staff_ids: [butler.id] });
  });

  it('the dashboard of their customer comes without prices; the Inhaber’s with them', async () => {
    const theirs = (await as(ctx, butler.token).get(`/api/customers/${ids.mine1}/dashboard`)).json();
    expect(theirs.subscriptions[0]).toMatchObject({ monthly_hours: 10, monthly_price: null });
    expect(theirs.hour_packages[0]).toMatchObject({ hours: 8, price_per_hour: null, total_price: null });
    expect(theirs.referral_data).toBeNull();
    const full = (await as(ctx, owner.token).get(`/api/customers/${ids.mine1}/dashboard`)).json();
    expect(full.subscriptions[0].monthly_price).toBe(500);
    expect(full.hour_packages[0].price_per_hour).toBe(50);
    expect(full.referral_data).not.toBeNull();
  });

  it('Buchhaltung reads names and billing addresses, no notes or family data', async () => {
    const accounting = await staffMember(ctx, 'accounting');
    await as(ctx, owner.token).put(`/api/customers/${ids.mine1}`, {
      street: 'Hauptstraße 1',
      special_notes: 'Hund bellt',
    });
    await as(ctx, owner.token).put(`/api/customers/${ids.mine1}/personal-data`, { partner_name: 'Max Mayr' });
    const seen = (await as(ctx, accounting.token).get(`/api/customers/${ids.mine1}`)).json();
    expect(seen).toMatchObject({ last_name: 'Mayr', street: 'Hauptstraße 1', special_notes: null, partner_name: null });
    const office = (await as(ctx, owner.token).get(`/api/customers/${ids.mine1}`)).json();
    expect(office).toMatchObject({ special_notes: 'Hund bellt', partner_name: 'Max Mayr' });
  });
});

import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject, buildSubscription, buildTimeEntry } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { timeEntries } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';

/**
 * Decision 0540: a Butler books time for their customers and changes only their own entries,
 * dated within the configurable number of days; the Büro changes any entry.
 */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
let office: StaffMember;
let customerId: number;
let projectId: number;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner');
  butler = await staffMember(ctx, 'butler');
  office = await staffMember(ctx, 'office');
  const customer = await buildCustomer(ctx.db);
  customerId = customer.id;
  projectId = (await buildProject(ctx.db, customerId)).id;
  await buildSubscription(ctx.db, customerId, { startDate: addDays(today, -400), endDate: addDays(today, 300) });
  await as(ctx, owner.token).put(`/api/customers/${customerId}/staff`, { staff_ids: [butler.id] });
});

const entry = (workDate: string) => ({
  project_id: projectId,
  hours: 1.5,
  activity_description: 'Einkauf und Apotheke',
  work_date: workDate,
  billing_type: 'abos',
});
const book = (token: string, workDate: string) =>
  as(ctx, token).post(`/api/customers/${customerId}/time-entries`, entry(workDate));

describe('a Butler’s own time entries (decision 0540)', () => {
  it('books within the last 7 days (default), recorded as theirs', async () => {
    const booked = await book(butler.token, addDays(today, -7));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().created_by).toBe(butler.username);
    const [row] = await ctx.db.select().from(timeEntries).where(eq(timeEntries.id, booked.json().id));
    expect(row.createdByAdminId).toBe(butler.id);
    const tooOld = await book(butler.token, addDays(today, -8));
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().details.work_date).toMatch(/^Sie können Zeiten nur für die letzten 7 Tage \(.+\) buchen$/);
    const future = await book(butler.token, addDays(today, 1));
    expect(future.statusCode).toBe(400);
    // The Büro books any date.
    expect((await book(office.token, addDays(today, -60))).statusCode).toBe(201);
  });

  it('changes and deletes only their own entries, and only within the days', async () => {
    const own = (await book(butler.token, today)).json();
    const edited = await as(ctx, butler.token).put(`/api/time-entries/${own.id}`, {
      ...entry(addDays(today, -1)),
      hours: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ hours: 2, work_date: addDays(today, -1) });
    const others = await buildTimeEntry(ctx.db, customerId, projectId, { workDate: today, createdBy: owner.username });
    const refused = await as(ctx, butler.token).put(`/api/time-entries/${others.id}`, entry(today));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Sie können nur Ihre eigenen Zeiteinträge ändern');
    expect((await as(ctx, butler.token).delete(`/api/time-entries/${others.id}`)).statusCode).toBe(403);
    const old = await buildTimeEntry(ctx.db, customerId, projectId, {
      workDate: addDays(today, -30),
      createdBy: butler.username,
      createdByAdminId: butler.id,
    });
    const late = await as(ctx, butler.token).delete(`/api/time-entries/${old.id}`);
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toMatch(/^Dieser Eintrag liegt außerhalb Ihrer Frist/);
    expect((await as(ctx, butler.token).delete(`/api/time-entries/${own.id}`)).statusCode).toBe(200);
    // The Büro changes anyone's, at any date.
    expect((await as(ctx, office.token).delete(`/api/time-entries/${old.id}`)).statusCode).toBe(200);
  });

  it('the Inhaber sets the days: 0 allows today only, and it holds at once', async () => {
    await as(ctx, owner.token).put('/api/settings/staff', { butler_time_entry_days: 0 });
    try {
      expect((await book(butler.token, today)).statusCode).toBe(201);
      const yesterday = await book(butler.token, addDays(today, -1));
      expect(yesterday.json().details.work_date).toBe('Sie können Zeiten nur für heute buchen');
      await as(ctx, owner.token).put('/api/settings/staff', { butler_time_entry_days: 30 });
      expect((await book(butler.token, addDays(today, -30))).statusCode).toBe(201);
    } finally {
      await as(ctx, owner.token).put('/api/settings/staff', { butler_time_entry_days: 7 });
    }
  });
});

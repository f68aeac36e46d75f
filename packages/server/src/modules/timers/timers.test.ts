import { todayInVienna } from '@butler/contract/format';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject, buildSubscription } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, projects, staffTimers, timeEntries } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';
import { now, setClock } from '../../lib/clock.js';

/** Decision 0640: one timer per staff member, on the server, stopped at midnight. */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
let accounting: StaffMember;
let customerId: number;
let foreignId: number;
let projectId: number;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner');
  butler = await staffMember(ctx, 'butler');
  accounting = await staffMember(ctx, 'accounting');
  customerId = (await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Timer' })).id;
  foreignId = (await buildCustomer(ctx.db)).id;
  projectId = (await buildProject(ctx.db, customerId)).id;
  await buildSubscription(ctx.db, customerId, { startDate: addDays(today, -30), endDate: addDays(today, 300) });
  await as(ctx, owner.token).put(`/api/customers/${customerId}/staff`, { staff_ids: [butler.id] });
});

beforeEach(async () => {
  await ctx.db.delete(staffTimers);
});

/** Moves the staff member's timer back in time (the test cannot wait hours). */
const startedAgo = (adminId: number, interval: string) =>
  ctx.db.execute(sql`UPDATE staff_timers SET started_at = now() - ${interval}::interval WHERE admin_id = ${adminId}`);

describe('the staff timer', () => {
  it('starts, is read back from any device, stops and is booked once with from_timer', async () => {
    // Noon in Vienna, so the 95 minutes below never run past a midnight whenever the suite runs
    // (the timer stops there, decision 0640; the next test covers that).
    setClock(today);
    try {
      await startsReadsStopsAndBooks();
    } finally {
      setClock(null);
    }
  });

  async function startsReadsStopsAndBooks() {
    const started = await as(ctx, owner.token).post('/api/timer', { customer_id: customerId, project_id: projectId });
    expect(started.statusCode).toBe(201);
    expect(started.json().timer).toMatchObject({
      customer_id: customerId,
      customer_name: 'Maria Timer',
      stopped_at: null,
    });
    // A second sign-in of the same person (another device) sees the same running timer.
    const second = await ctx.login('admin', owner.username, 'Geheim-Passwort-1');
    await ctx.db
      .update(staffTimers)
      .set({ startedAt: new Date(now().getTime() - 95 * 60_000) })
      .where(eq(staffTimers.adminId, owner.id));
    const read = (await as(ctx, second).get('/api/timer')).json().timer;
    expect(read.stopped_at).toBeNull();
    expect(read.hours).toBe(1.5);
    expect(read.work_date).toBe(today);

    const stopped = (await as(ctx, second).post('/api/timer/stop')).json().timer;
    expect(stopped.stopped_at).not.toBeNull();
    expect(stopped.hours).toBe(1.5);
    expect(stopped.to).toMatch(/^\d{2}:\d{2}$/);

    const booked = await as(ctx, owner.token).post(`/api/customers/${customerId}/time-entries`, {
      project_id: projectId,
      hours: stopped.hours,
      activity_description: 'Gartenarbeit',
      work_date: stopped.work_date,
      from_timer: true,
    });
    expect(booked.statusCode).toBe(201);
    expect((await as(ctx, owner.token).get('/api/timer')).json().timer).toBeNull();
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'timer'));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['timer_start', 'timer_stop', 'timer_book']));
  }

  it('allows one timer per staff member, also for a burst of starts from several devices', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => as(ctx, owner.token).post('/api/timer', { customer_id: customerId })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0].json().error).toMatch(/^Es läuft bereits ein Timer für Maria Timer \(seit \d{2}:\d{2} Uhr\)$/);
    expect(await ctx.db.select().from(staffTimers)).toHaveLength(1);
    // Another staff member has a timer of their own.
    expect((await as(ctx, butler.token).post('/api/timer', { customer_id: customerId })).statusCode).toBe(201);
  });

  it('stops at the midnight it ran past, says so, and keeps the time until booked or discarded', async () => {
    await as(ctx, owner.token).post('/api/timer', { customer_id: customerId });
    await startedAgo(owner.id, '30 hours');
    const timer = (await as(ctx, owner.token).get('/api/timer')).json().timer;
    expect(timer.stopped_at_midnight).toBe(true);
    expect(timer.to).toBe('24:00');
    // From its start to that midnight, never the 30 hours since.
    const [from] = timer.from.split(':').map(Number);
    expect(timer.hours).toBeLessThanOrEqual(24 - from);
    expect(timer.work_date < today).toBe(true);
    // Stopped time waits: a new start is refused until it is booked or discarded.
    const again = await as(ctx, owner.token).post('/api/timer', { customer_id: customerId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('noch nicht gebucht');
    expect((await as(ctx, owner.token).delete('/api/timer')).statusCode).toBe(200);
    expect((await as(ctx, owner.token).get('/api/timer')).json().timer).toBeNull();
    expect((await as(ctx, owner.token).post('/api/timer', { customer_id: customerId })).statusCode).toBe(201);
  });

  it('refuses a project of another customer, a Butler’s foreign customer and the Buchhaltung', async () => {
    const foreignProject = (await buildProject(ctx.db, foreignId)).id;
    const wrong = await as(ctx, owner.token).post('/api/timer', {
      customer_id: customerId,
      project_id: foreignProject,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.project_id).toBe('Dieses Projekt gibt es bei diesem Kunden nicht');
    // An unknown id answers exactly the same, also for a Butler (decision 0705).
    const unknown = await as(ctx, owner.token).post('/api/timer', { customer_id: customerId, project_id: 999_999 });
    expect([unknown.statusCode, unknown.json()]).toEqual([wrong.statusCode, wrong.json()]);
    const butlerStart = (projectId: number) =>
      as(ctx, butler.token).post('/api/timer', { customer_id: customerId, project_id: projectId });
    const [foreignForButler, unknownForButler] = [await butlerStart(foreignProject), await butlerStart(999_999)];
    expect([foreignForButler.statusCode, foreignForButler.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect([unknownForButler.statusCode, unknownForButler.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect((await as(ctx, butler.token).post('/api/timer', { customer_id: foreignId })).statusCode).toBe(403);
    expect((await as(ctx, accounting.token).post('/api/timer', { customer_id: customerId })).statusCode).toBe(403);
    expect((await as(ctx, accounting.token).get('/api/timer')).statusCode).toBe(403);
    expect(await ctx.db.select().from(staffTimers)).toHaveLength(0);
    const stop = await as(ctx, owner.token).post('/api/timer/stop');
    expect(stop.statusCode).toBe(404);
    expect(stop.json().error).toBe('Es läuft kein Timer');
  });
});

describe('"Neues Projekt" in the time-entry dialog (decision 0642)', () => {
  it('creates the project with the entry, or neither', async () => {
    const fresh = (await buildCustomer(ctx.db)).id;
    await buildSubscription(ctx.db, fresh, { startDate: addDays(today, -5), endDate: addDays(today, 300) });
    const entry = { hours: 0.75, activity_description: 'Erstbesuch', work_date: today, new_project_name: 'Allgemein' };
    const booked = await as(ctx, owner.token).post(`/api/customers/${fresh}/time-entries`, entry);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ project_name: 'Allgemein', hours: 0.75 });
    const made = await ctx.db.select().from(projects).where(eq(projects.customerId, fresh));
    expect(made.map((p) => p.name)).toEqual(['Allgemein']);

    // A refused entry (no ButlerPaket on that date) leaves no project behind.
    const refused = await as(ctx, owner.token).post(`/api/customers/${fresh}/time-entries`, {
      ...entry,
      new_project_name: 'Garten',
      work_date: addDays(today, -30),
    });
    expect(refused.statusCode).toBe(400);
    expect(await ctx.db.select().from(projects).where(eq(projects.customerId, fresh))).toHaveLength(1);

    const neither = await as(ctx, owner.token).post(`/api/customers/${fresh}/time-entries`, {
      hours: 1,
      activity_description: 'x',
      work_date: today,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details.project_id).toBe('Bitte füllen Sie alle Pflichtfelder aus');
    const both = await as(ctx, owner.token).post(`/api/customers/${fresh}/time-entries`, {
      ...entry,
      project_id: made[0].id,
    });
    expect(both.statusCode).toBe(400);
    expect(await ctx.db.select().from(timeEntries).where(eq(timeEntries.customerId, fresh))).toHaveLength(1);
  });
});

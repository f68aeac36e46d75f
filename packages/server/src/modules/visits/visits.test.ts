import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

/** Termine and Fahrten (decision 0840), pinned to Thursday 3 December 2026 in Vienna. */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let butler: StaffMember;
let accounting: StaffMember;

beforeAll(async () => {
  setClock('2026-12-03');
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
  office = await staffMember(ctx, 'office', 'Otto Office');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
  accounting = await staffMember(ctx, 'accounting', 'Anja Accounting');
}, 120_000);
afterAll(() => setClock(null));

async function customer(firstName = 'Maria', monthlyTrips: number | null = 4) {
  const row = await buildCustomer(ctx.db, {
    firstName,
    lastName: 'Termin',
    street: 'Hauptstraße 1',
    postalCode: '1010',
    city: 'Wien',
  });
  await buildSubscription(ctx.db, row.id, { startDate: '2026-01-01', endDate: '2026-12-31', monthlyTrips });
  await as(ctx, owner.token).put(`/api/customers/${row.id}/staff`, { staff_ids: [butler.id] });
  return { id: row.id, token: await ctx.login('customer', row.email, TEST_PASSWORD) };
}

const visit = (customerId: number, body: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  date: '2026-12-08',
  start_time: '09:00',
  end_time: '11:00',
  butler_ids: [butler.id],
  kind: 'trip',
  purpose: 'Drucker einrichten',
  ...body,
});

async function plan(customerId: number, body: Record<string, unknown> = {}, token = office.token) {
  const res = await as(ctx, token).post('/api/visits', visit(customerId, body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { count: number; visit: { id: number; series_id: number | null } };
}

const list = async (from: string, to: string, extra = '', token = office.token) => {
  const res = await as(ctx, token).get(`/api/visits?from=${from}&to=${to}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<Record<string, any>>;
};

describe('planning visits in Vienna time', () => {
  it('a weekly series keeps 09:00 on the wall across the change to summer time, and the autumn change too', async () => {
    const c = await customer('Sommer');
    const created = await plan(c.id, { date: '2027-03-23', repeat: 'weekly', repeat_until: '2027-04-06' });
    expect(created.count).toBe(3);
    const days = await list('2027-03-22', '2027-04-11', `&customer_id=${c.id}`);
    expect(days.map((v) => [v.date, v.start_time, v.starts_at])).toEqual([
      ['2027-03-23', '09:00', '2027-03-23T08:00:00.000Z'],
      ['2027-03-30', '09:00', '2027-03-30T07:00:00.000Z'],
      ['2027-04-06', '09:00', '2027-04-06T07:00:00.000Z'],
    ]);
    // On the days of the change themselves.
    await plan(c.id, { date: '2027-03-28', start_time: '10:00', end_time: '12:00' });
    await plan(c.id, { date: '2027-10-31', start_time: '10:00', end_time: '12:00' });
    const [spring] = await list('2027-03-28', '2027-03-28', `&customer_id=${c.id}`);
    const [autumn] = await list('2027-10-31', '2027-10-31', `&customer_id=${c.id}`);
    expect([spring.starts_at, spring.ends_at]).toEqual(['2027-03-28T08:00:00.000Z', '2027-03-28T10:00:00.000Z']);
    expect([autumn.starts_at, autumn.ends_at]).toEqual(['2027-10-31T09:00:00.000Z', '2027-10-31T11:00:00.000Z']);
    expect(spring.customer_address).toBe('Hauptstraße 1, 1010 Wien');
  });

  it('"jeden Monat am gleichen Wochentag" from a first Monday lands on every first Monday', async () => {
    const c = await customer('Monat');
    await plan(c.id, { date: '2027-01-04', repeat: 'monthly_weekday', repeat_until: '2027-02-28' });
    await plan(c.id, { date: '2027-01-04', start_time: '14:00', end_time: '15:00', butler_ids: [office.id] });
    const days = await list('2027-01-01', '2027-02-11', `&customer_id=${c.id}&butler_id=${butler.id}`);
    expect(days.map((v) => v.date)).toEqual(['2027-01-04', '2027-02-01']);
  });

  it('refuses bad input in German and plans nothing', async () => {
    const c = await customer('Falsch');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ end_time: '08:00' }, 'end_time', '„Bis“ muss mindestens 15 Minuten nach „von“ liegen'],
      [{ start_time: '9 Uhr' }, 'start_time', 'Bitte geben Sie die Uhrzeit „von“ an (HH:MM)'],
      [{ repeat: 'weekly' }, 'repeat_until', 'Bitte geben Sie an, bis wann er sich wiederholt'],
      [{ repeat: 'weekly', repeat_until: '2028-06-01' }, 'repeat_until', 'Eine Serie reicht höchstens ein Jahr weit'],
      [{ butler_ids: [] }, 'butler_ids', 'Bitte wählen Sie, wer kommt'],
      [{ butler_ids: [accounting.id] }, 'butler_ids', 'Diese Person kann nicht für Termine eingeplant werden'],
      [{ purpose: '  ' }, 'purpose', 'Bitte geben Sie an, worum es geht'],
    ];
    for (const [body, field, message] of cases) {
      const res = await as(ctx, office.token).post('/api/visits', visit(c.id, body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const wide = await as(ctx, office.token).get('/api/visits?from=2026-12-01&to=2027-02-01');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().details.to).toBe('Höchstens 42 Tage auf einmal');
    expect(await list('2026-12-01', '2026-12-31', `&customer_id=${c.id}`)).toEqual([]);
  });
});

describe('clashes', () => {
  it('names who is busy before saving, saves only when told to, and lets back-to-back visits be', async () => {
    const a = await customer('Anna');
    const b = await customer('Berta');
    await plan(a.id, { date: '2026-12-15', start_time: '09:00', end_time: '11:00' });
    const clash = await as(ctx, office.token).post(
      '/api/visits',
      visit(b.id, { date: '2026-12-15', start_time: '10:30', end_time: '12:00' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details.conflict).toBe('Bert Butler: Di., 15.12.2026 09:00–11:00 bei Anna Termin');
    expect(await list('2026-12-15', '2026-12-15', `&customer_id=${b.id}`)).toEqual([]);
    await plan(b.id, { date: '2026-12-15', start_time: '11:00', end_time: '12:00' });
    const forced = await plan(b.id, {
      date: '2026-12-15',
      start_time: '10:30',
      end_time: '11:30',
      allow_conflicts: true,
    });
    expect(forced.count).toBe(1);
    // A series is checked on every day it has; a cancelled visit is no clash.
    const series = await as(ctx, office.token).post(
      '/api/visits',
      visit(b.id, {
        date: '2026-12-01',
        start_time: '10:00',
        end_time: '10:30',
        repeat: 'weekly',
        repeat_until: '2026-12-29',
      }),
    );
    expect(series.statusCode).toBe(409);
    expect(series.json().details.conflict).toContain('Di., 15.12.2026 09:00–11:00 bei Anna Termin');
  });
});

describe('one occurrence moved, cancelled, or the rest of the series ended', () => {
  it('changes only what was asked for', async () => {
    const c = await customer('Serie');
    const { visit: first } = await plan(c.id, { date: '2027-01-05', repeat: 'weekly', repeat_until: '2027-02-02' });
    const all = await list('2027-01-04', '2027-02-07', `&customer_id=${c.id}`);
    expect(all).toHaveLength(5);
    const [, second, third] = all;
    const moved = await as(ctx, office.token).patch(`/api/visits/${second.id}`, {
      ...visit(c.id, { date: '2027-01-13', start_time: '15:00', end_time: '16:00' }),
      customer_id: undefined,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ date: '2027-01-13', start_time: '15:00', state: 'moved' });
    const noReason = await as(ctx, office.token).post(`/api/visits/${third.id}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const skipped = await as(ctx, office.token).post(`/api/visits/${third.id}/cancel`, { reason: 'Urlaub' });
    expect(skipped.json()).toMatchObject({ state: 'cancelled', cancel_reason: 'Urlaub', cancelled_by: 'Otto Office' });
    const states = (await list('2027-01-04', '2027-02-07', `&customer_id=${c.id}`)).map((v) => [v.date, v.state]);
    expect(states).toEqual([
      ['2027-01-05', 'planned'],
      ['2027-01-13', 'moved'],
      ['2027-01-19', 'cancelled'],
      ['2027-01-26', 'planned'],
      ['2027-02-02', 'planned'],
    ]);
    // Serie beenden from the fourth on: the first and the moved one stay.
    await as(ctx, office.token).post(`/api/visits/${all[3].id}/cancel`, { reason: 'Vertrag endet', following: true });
    const after = (await list('2027-01-04', '2027-02-07', `&customer_id=${c.id}`)).map((v) => v.state);
    expect(after).toEqual(['planned', 'moved', 'cancelled', 'cancelled', 'cancelled']);
    const again = await as(ctx, office.token).post(`/api/visits/${all[3].id}/cancel`, { reason: 'nochmal' });
    expect(again.statusCode).toBe(409);
    expect(first.series_id).not.toBeNull();
  });
});

describe('Fahrten', () => {
  it('counts done trips by their Vienna month against the ButlerPaket; remote, open and cancelled ones do not count', async () => {
    const c = await customer('Fahrt', 4);
    const done = async (body: Record<string, unknown>) => {
      const { visit: v } = await plan(c.id, { allow_conflicts: true, ...body });
      const res = await as(ctx, butler.token).post(`/api/visits/${v.id}/done`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // 00:30 on 1 January in Vienna is still 31 December in UTC: a January trip.
    await done({ date: '2026-01-01', start_time: '00:30', end_time: '01:30' });
    await done({ date: '2026-01-31', start_time: '23:00', end_time: '23:45' });
    await done({ date: '2026-02-01', start_time: '08:00', end_time: '09:00' });
    await done({ date: '2026-01-20', kind: 'remote' });
    const cancelled = await plan(c.id, { date: '2026-01-21', allow_conflicts: true });
    await as(ctx, office.token).post(`/api/visits/${cancelled.visit.id}/cancel`, { reason: 'krank' });
    await plan(c.id, { date: '2026-12-22', allow_conflicts: true });
    const december = await done({ date: '2026-12-02', start_time: '09:00', end_time: '10:40' });
    expect(december.time_entry).toEqual({
      customer_id: c.id,
      order_id: null,
      work_date: '2026-12-02',
      hours: 1.75,
      from: '09:00',
      to: '10:40',
      activity_description: 'Drucker einrichten',
    });
    const trips = (await as(ctx, office.token).get(`/api/customers/${c.id}/trips`)).json() as Array<{
      month: string;
      used: number;
      allotted: number | null;
    }>;
    expect(trips).toHaveLength(12);
    const byMonth = Object.fromEntries(trips.map((t) => [t.month, t]));
    expect(byMonth['2026-01']).toEqual({ month: '2026-01', used: 2, allotted: 4, carried_over: 0 });
    expect(byMonth['2026-02'].used).toBe(1);
    expect(byMonth['2026-12']).toEqual({ month: '2026-12', used: 1, allotted: 4, carried_over: 0 });
    const lounge = (await as(ctx, c.token).get(`/api/customers/${c.id}/visits`)).json();
    expect(lounge.trips).toEqual({ month: '2026-12', used: 1, allotted: 4, carried_over: 0 });
  });

  it('the monthly view shows each card’s Fahrten of the month, computed again after a visit is done', async () => {
    const withTrips = await customer('Monatsfahrt', 2);
    const without = await customer('Ohnefahrt', null);
    const card = async (id: number) => {
      const res = await as(ctx, office.token).get('/api/admin/customers-monthly/2026/12?page_size=100');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ id: number; trips: unknown }>).find((c) => c.id === id);
    };
    const finish = async (date: string) => {
      const { visit: v } = await plan(withTrips.id, { date, allow_conflicts: true });
      expect((await as(ctx, butler.token).post(`/api/visits/${v.id}/done`)).statusCode).toBe(200);
    };
    expect((await card(withTrips.id))?.trips).toEqual({ month: '2026-12', used: 0, allotted: 2, carried_over: 0 });
    // No allotment and no trip: the card says nothing about Fahrten.
    expect((await card(without.id))?.trips).toBeNull();
    await finish('2026-12-01');
    expect((await card(withTrips.id))?.trips).toMatchObject({ used: 1, allotted: 2 });
    await finish('2026-12-02');
    expect((await card(withTrips.id))?.trips).toMatchObject({ used: 2, allotted: 2 });
    // A November trip is November's, not December's.
    await finish('2026-11-30');
    expect((await card(withTrips.id))?.trips).toMatchObject({ used: 2 });
  });

  it('a future visit cannot be finished yet', async () => {
    const c = await customer('Zukunft');
    const { visit: v } = await plan(c.id, { date: '2026-12-04' });
    const res = await as(ctx, office.token).post(`/api/visits/${v.id}/done`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Ein Termin in der Zukunft kann noch nicht erledigt werden');
  });
});

describe('the lounge', () => {
  it('shows the next open visits with first names only, and the customer confirms their own', async () => {
    const c = await customer('Lounge');
    const other = await customer('Fremd');
    const { visit: v } = await plan(c.id, { date: '2026-12-10', purpose: 'Fernseher einstellen' });
    const { visit: foreign } = await plan(other.id, { date: '2026-12-11', allow_conflicts: true });
    await plan(c.id, { date: '2026-11-20' });
    const lounge = (await as(ctx, c.token).get(`/api/customers/${c.id}/visits`)).json();
    expect(lounge.upcoming).toEqual([
      {
        id: v.id,
        date: '2026-12-10',
        start_time: '09:00',
        end_time: '11:00',
        kind: 'trip',
        state: 'planned',
        place: null,
        purpose: 'Fernseher einstellen',
        butlers: [{ id: butler.id, name: 'Bert' }],
        confirmed_at: null,
        request: null,
        // Until 24 hours before (Einstellungen → Termine).
        request_until: '2026-12-09T08:00:00.000Z',
      },
    ]);
    const confirmed = await as(ctx, c.token).post(`/api/visits/${v.id}/confirm`);
    expect(confirmed.json().state).toBe('confirmed');
    expect((await as(ctx, c.token).post(`/api/visits/${foreign.id}/confirm`)).statusCode).toBe(404);
    expect((await as(ctx, office.token).post(`/api/visits/${v.id}/confirm`)).statusCode).toBe(403);
    expect((await as(ctx, c.token).get(`/api/visits?from=2026-12-01&to=2026-12-31`)).statusCode).toBe(403);
  });
});

describe('a Butler', () => {
  it('sees the visits of the customers they look after only', async () => {
    const mine = await customer('Meine');
    const foreign = await buildCustomer(ctx.db, { firstName: 'Nicht', lastName: 'Meine' });
    await plan(mine.id, { date: '2027-05-04', allow_conflicts: true });
    const theirs = await plan(foreign.id, { date: '2027-05-04', allow_conflicts: true, butler_ids: [office.id] });
    const seen = await list('2027-05-04', '2027-05-04', '', butler.token);
    expect(seen.map((v) => v.customer_id)).toEqual([mine.id]);
    expect((await as(ctx, butler.token).get(`/api/visits/${theirs.visit.id}`)).statusCode).toBe(404);
    const team = await list('2027-05-04', '2027-05-04', '', office.token);
    expect(team.map((v) => v.customer_id).sort()).toEqual([mine.id, foreign.id].sort());
  });
});

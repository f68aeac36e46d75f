import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, calendarFeeds, invoiceItems, invoices, mailOutbox, tripCharges } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { safeRequest, scrubLogText } from '../../lib/log-safety.js';
import { queueVisitReminders, visitAttachmentSources } from './visit-mails.js';

/** Calendar files, mails, feeds and the customer's wishes (decision 0841), on Thursday 3 December 2026. */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let butler: StaffMember;
let otherButler: StaffMember;

beforeAll(async () => {
  setClock('2026-12-03T10:00:00Z');
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
  office = await staffMember(ctx, 'office', 'Otto Office');
  butler = await staffMember(ctx, 'butler', 'Bert Butler');
  otherButler = await staffMember(ctx, 'butler', 'Berta Zweite');
}, 120_000);
afterAll(() => setClock(null));

async function customer(firstName = 'Maria', monthlyTrips: number | null = 4) {
  const row = await buildCustomer(ctx.db, {
    firstName,
    lastName: 'Kalender',
    street: 'Ring 1',
    postalCode: '1010',
    city: 'Wien',
  });
  await buildSubscription(ctx.db, row.id, { startDate: '2026-01-01', endDate: '2027-12-31', monthlyTrips });
  await as(ctx, owner.token).put(`/api/customers/${row.id}/staff`, { staff_ids: [butler.id] });
  return { id: row.id, email: row.email, token: await ctx.login('customer', row.email, TEST_PASSWORD) };
}

async function plan(customerId: number, body: Record<string, unknown> = {}, expected = 201) {
  const res = await as(ctx, office.token).post('/api/visits', {
    customer_id: customerId,
    date: '2026-12-10',
    start_time: '09:00',
    end_time: '11:00',
    butler_ids: [butler.id],
    kind: 'trip',
    purpose: 'Drucker einrichten',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json() as { count: number; visit: { id: number }; warnings: string[] } & Record<string, any>;
}

const visitMails = (customerId: number) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.customerId, customerId), eq(mailOutbox.template, 'visit-update')))
    .orderBy(mailOutbox.id);

/** The .ics of an outbox mail, drawn as the send job draws it. */
async function icsOf(mail: typeof mailOutbox.$inferSelect) {
  const [ref] = mail.attachments;
  expect(ref.source).toBe('visit-ics');
  const bytes = await visitAttachmentSources['visit-ics']({ db: ctx.db, env: ctx.env }, ref.args);
  return bytes.toString('utf8');
}

/** Parses with ical.js (not the generator) and gives each event's UID, SEQUENCE and UTC times. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: component.getFirstPropertyValue('status'),
    };
  });
  return {
    method: calendar.getFirstPropertyValue('method'),
    timezones: calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    events,
  };
}

describe('mails with calendar files', () => {
  it('a planned visit mails the customer an invitation whose times hold across both changes of summer time', async () => {
    const c = await customer('Zeit');
    const spring = await plan(c.id, { date: '2027-03-28', start_time: '09:00', end_time: '10:30', kind: 'remote' });
    const autumn = await plan(c.id, { date: '2027-10-31', start_time: '09:00', end_time: '10:30', kind: 'remote' });
    const mails = await visitMails(c.id);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe('Dein Termin am So., 28.03.2027, 09:00–10:30 Uhr');
    expect(mails[0].textBody).toContain('wir haben einen Termin für dich eingeplant:');
    const first = parse(await icsOf(mails[0]));
    const second = parse(await icsOf(mails[1]));
    expect(first.method).toBe('REQUEST');
    expect(first.timezones).toEqual(['Europe/Vienna']);
    // DTSTAMP in UTC (RFC 5545 §3.8.7.2), no calendar-wide zone line.
    const raw = await icsOf(mails[0]);
    expect(raw).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(raw).not.toContain('TIMEZONE-ID');
    expect(first.events[0].description).toContain('/customer/dashboard');
    expect(first.events).toEqual([
      expect.objectContaining({
        uid: `visit-${spring.visit.id}@localhost`,
        sequence: 0,
        tzid: 'Europe/Vienna',
        // 09:00 in Vienna is 08:00 UTC before the change at 02:00, but this is after: 07:00 UTC.
        start: '2027-03-28T07:00:00.000Z',
        end: '2027-03-28T08:30:00.000Z',
        location: 'Ring 1, 1010 Wien',
        status: 'CONFIRMED',
      }),
    ]);
    expect(second.events[0]).toMatchObject({
      uid: `visit-${autumn.visit.id}@localhost`,
      start: '2027-10-31T08:00:00.000Z',
      end: '2027-10-31T09:30:00.000Z',
    });
    expect(mails[0].attachments[0].filename).toBe('termin.ics');
  });

  it('a series is one mail with every visit; a move raises the SEQUENCE under the same UID; a cancellation is a CANCEL', async () => {
    const c = await customer('Serie');
    const series = await plan(c.id, {
      date: '2026-12-08',
      repeat: 'weekly',
      repeat_until: '2026-12-29',
      kind: 'remote',
    });
    expect(series.count).toBe(4);
    let mails = await visitMails(c.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Deine 4 Termine ab Di., 08.12.2026, 09:00–11:00 Uhr');
    const all = parse(await icsOf(mails[0]));
    expect(all.events.map((e) => e.start)).toEqual([
      '2026-12-08T08:00:00.000Z',
      '2026-12-15T08:00:00.000Z',
      '2026-12-22T08:00:00.000Z',
      '2026-12-29T08:00:00.000Z',
    ]);
    expect(new Set(all.events.map((e) => e.uid)).size).toBe(4);

    const id = series.visit.id;
    const moved = await as(ctx, office.token).patch(`/api/visits/${id}`, {
      date: '2026-12-09',
      start_time: '14:00',
      end_time: '15:00',
      butler_ids: [butler.id],
      kind: 'remote',
      purpose: 'Drucker einrichten',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    mails = await visitMails(c.id);
    expect(mails[1].subject).toBe('Geänderter Termin: Mi., 09.12.2026, 14:00–15:00 Uhr');
    const change = parse(await icsOf(mails[1]));
    expect(change.method).toBe('REQUEST');
    expect(change.events).toEqual([
      expect.objectContaining({ uid: all.events[0].uid, sequence: 1, start: '2026-12-09T13:00:00.000Z' }),
    ]);

    const cancelled = await as(ctx, office.token).post(`/api/visits/${id}/cancel`, { reason: 'Krankheit' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    mails = await visitMails(c.id);
    expect(mails[2].subject).toBe('Abgesagt: dein Termin am Mi., 09.12.2026, 14:00–15:00 Uhr');
    expect(mails[2].textBody).toContain('dieser Termin findet leider nicht statt:');
    expect(mails[2].textBody).toContain('Grund: Krankheit');
    const cancel = parse(await icsOf(mails[2]));
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toEqual([
      expect.objectContaining({ uid: all.events[0].uid, sequence: 2, status: 'CANCELLED' }),
    ]);
  });

  it('the sent mail carries the calendar file as text/calendar with its method', async () => {
    const c = await customer('Versand');
    await plan(c.id, { kind: 'office', date: '2026-12-11' });
    const [mail] = await visitMails(c.id);
    const { deliveredEml } = await import('../../../test/delivered-mail.js');
    const eml = await deliveredEml(ctx, mail.id);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(eml).toContain('filename=termin.ics');
  });

  it('reminds each visit of tomorrow once, also when the job runs twice at once, and again after a move to another day', async () => {
    const c = await customer('Morgen');
    const { visit } = await plan(c.id, { date: '2026-12-04', kind: 'remote' });
    await Promise.all([
      ctx.db.transaction((tx) => queueVisitReminders(tx, '2026-12-03', ctx.env.PUBLIC_URL)),
      ctx.db.transaction((tx) => queueVisitReminders(tx, '2026-12-03', ctx.env.PUBLIC_URL)),
    ]);
    await ctx.db.transaction((tx) => queueVisitReminders(tx, '2026-12-03', ctx.env.PUBLIC_URL));
    let reminders = (await visitMails(c.id)).filter((m) => m.subject.startsWith('Erinnerung'));
    expect(reminders.map((m) => m.subject)).toEqual(['Erinnerung: morgen, Fr., 04.12.2026, 09:00–11:00 Uhr']);
    expect(reminders[0].attachments).toEqual([]);
    await as(ctx, office.token).patch(`/api/visits/${visit.id}`, {
      date: '2026-12-05',
      start_time: '09:00',
      end_time: '11:00',
      butler_ids: [butler.id],
      kind: 'remote',
      purpose: 'Drucker einrichten',
    });
    await ctx.db.transaction((tx) => queueVisitReminders(tx, '2026-12-04', ctx.env.PUBLIC_URL));
    reminders = (await visitMails(c.id)).filter((m) => m.subject.startsWith('Erinnerung'));
    expect(reminders).toHaveLength(2);
  });
});

describe('Kalender-Abos', () => {
  const fetchFeed = (url: string) => ctx.request({ method: 'GET', url: new URL(url).pathname });

  it('a Butler subscribes to his own visits only; the team feed is not his; the address is kept as a hash', async () => {
    const c = await customer('Abo');
    await plan(c.id, { date: '2026-12-14', kind: 'remote', purpose: 'Router tauschen' });
    await plan(c.id, { date: '2026-12-15', kind: 'remote', purpose: 'Fremder Termin', butler_ids: [otherButler.id] });
    const made = await as(ctx, butler.token).post('/api/calendar-feeds/own', {});
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetchFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parse(feed.body);
    expect(parsed.method).toBe('PUBLISH');
    const summaries = parsed.events.map((e) => e.summary);
    expect(summaries).toContain('Abo Kalender: Router tauschen');
    expect(summaries).not.toContain('Abo Kalender: Fremder Termin');
    expect(feed.body).not.toMatch(/notiz|passw/i);

    const team = await as(ctx, butler.token).post('/api/calendar-feeds/team', {});
    expect(team.statusCode).toBe(403);
    const listed = (await as(ctx, butler.token).get('/api/calendar-feeds')).json();
    expect(listed).toMatchObject({
      own: { scope: 'own', last_used_at: expect.any(String) },
      team: null,
      team_allowed: false,
    });
    expect(JSON.stringify(listed)).not.toContain(new URL(url).pathname);

    const token = new URL(url).pathname.split('/').pop()!.replace('.ics', '');
    const rows = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.adminId, butler.id));
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'calendar_feed'));
    expect(JSON.stringify(audits)).not.toContain(token);
    expect(JSON.stringify(safeRequest({ method: 'GET', url: new URL(url).pathname }))).not.toContain(token);
    expect(scrubLogText(`GET ${url} 200`)).not.toContain(token);
  });

  it('renewing makes the old address answer 404, switching off too; an unknown address is 404', async () => {
    const first = (await as(ctx, office.token).post('/api/calendar-feeds/team', {})).json() as { url: string };
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = (await as(ctx, office.token).post('/api/calendar-feeds/team', {})).json() as { url: string };
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expect((await as(ctx, office.token).delete('/api/calendar-feeds/team')).statusCode).toBe(200);
    const gone = await fetchFeed(second.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Kalender-Abo nicht gefunden');
    expect((await as(ctx, office.token).delete('/api/calendar-feeds/team')).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/calendar/nichts.ics' })).statusCode).toBe(404);
  });

  it('renewing in a burst leaves exactly one live address, the last one made', async () => {
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => as(ctx, otherButler.token).post('/api/calendar-feeds/own', {})),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const live = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.adminId, otherButler.id));
    expect(live.filter((f) => f.revokedAt === null)).toHaveLength(1);
    const answers = await Promise.all(burst.map((r) => fetchFeed(r.json().url)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
  });

  it('a customer switches on a feed of their own visits in their words; staff cannot make it for them', async () => {
    const c = await customer('Eigen');
    await plan(c.id, { date: '2026-12-16', kind: 'remote', purpose: 'Fotos sichern' });
    const other = await customer('Fremd');
    await plan(other.id, {
      date: '2026-12-16',
      kind: 'remote',
      purpose: 'Nicht meins',
      start_time: '13:00',
      end_time: '14:00',
    });
    expect((await as(ctx, office.token).post(`/api/customers/${c.id}/calendar-feed`, {})).statusCode).toBe(403);
    expect((await as(ctx, c.token).post(`/api/customers/${other.id}/calendar-feed`, {})).statusCode).toBe(403);
    const made = await as(ctx, c.token).post(`/api/customers/${c.id}/calendar-feed`, {});
    expect(made.statusCode, made.body).toBe(201);
    const feed = parse((await fetchFeed(made.json().url)).body);
    expect(feed.events.map((e) => e.summary)).toEqual(['Mein BUTLER: Fotos sichern']);
    expect(feed.events[0].description).toContain('Es kommt: Bert');
    expect((await as(ctx, c.token).get(`/api/customers/${c.id}/calendar-feed`)).json()).toMatchObject({
      feed: { scope: 'customer' },
    });
  });
});

describe('the customer asks to move or cancel', () => {
  it('asks once until 24 hours before; the wish is a task for staff until a move handles it', async () => {
    const c = await customer('Wunsch');
    const { visit } = await plan(c.id, { date: '2026-12-17', kind: 'remote' });
    const bad = await as(ctx, c.token).post(`/api/visits/${visit.id}/requests`, { kind: 'move', message: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte angeben, wann es besser passt');
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(ctx, c.token).post(`/api/visits/${visit.id}/requests`, { kind: 'move', message: 'Lieber am Nachmittag' }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const asked = burst.find((r) => r.statusCode === 201)!.json();
    expect(asked.request).toMatchObject({ kind: 'move', message: 'Lieber am Nachmittag' });
    expect(asked.request_until).toBe('2026-12-16T08:00:00.000Z');

    const open = (await as(ctx, office.token).get('/api/visit-requests')).json() as Array<Record<string, any>>;
    const mine = open.find((r) => r.visit.id === visit.id);
    expect(mine).toMatchObject({ kind: 'move', visit: { customer_id: c.id, state: 'planned' } });
    expect((await as(ctx, otherButler.token).get('/api/visit-requests')).json()).toEqual([]);
    expect((await as(ctx, otherButler.token).post(`/api/visit-requests/${mine!.id}/resolve`, {})).statusCode).toBe(404);

    await as(ctx, office.token).patch(`/api/visits/${visit.id}`, {
      date: '2026-12-17',
      start_time: '14:00',
      end_time: '16:00',
      butler_ids: [butler.id],
      kind: 'remote',
      purpose: 'Drucker einrichten',
    });
    const after = (await as(ctx, office.token).get(`/api/visits/${visit.id}`)).json();
    expect(after).toMatchObject({ state: 'moved', request: null });
    const still = (await as(ctx, office.token).get('/api/visit-requests')).json() as Array<Record<string, any>>;
    expect(still.some((r) => r.visit.id === visit.id)).toBe(false);
  });

  it('later than the set hours before, the lounge refuses in German and nothing is filed; staff may resolve a wish with a note', async () => {
    const c = await customer('Knapp');
    const soon = await plan(c.id, { date: '2026-12-04', start_time: '08:00', end_time: '09:00', kind: 'remote' });
    const late = await as(ctx, c.token).post(`/api/visits/${soon.visit.id}/requests`, { kind: 'cancel', message: '' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Für eine Änderung so kurz vorher bitte direkt Kontakt aufnehmen');
    expect((await as(ctx, office.token).get(`/api/visits/${soon.visit.id}`)).json().request).toBeNull();

    const settings = await as(ctx, office.token).put('/api/settings/visits', {
      request_hours: 12,
      trip_overrun: 'warn',
      trips_carry_over: false,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const now = await as(ctx, c.token).post(`/api/visits/${soon.visit.id}/requests`, { kind: 'cancel', message: '' });
    expect(now.statusCode, now.body).toBe(201);
    const [open] = (
      (await as(ctx, office.token).get('/api/visit-requests')).json() as Array<Record<string, any>>
    ).filter((r) => r.visit.id === soon.visit.id);
    const resolved = await as(ctx, office.token).post(`/api/visit-requests/${open.id}/resolve`, {
      note: 'Telefonisch geklärt',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'planned', request: null });
    await as(ctx, office.token).put('/api/settings/visits', {
      request_hours: 24,
      trip_overrun: 'warn',
      trips_carry_over: false,
    });
  });
});

describe('trips beyond the ButlerPaket', () => {
  const setRule = (trip_overrun: 'refuse' | 'warn', trips_carry_over = false) =>
    as(ctx, office.token).put('/api/settings/visits', { request_hours: 24, trip_overrun, trips_carry_over });

  it('"nicht einplanen" never refuses moving a trip within its month, as when granting a wish', async () => {
    const c = await customer('Umplanen', 1);
    await plan(c.id, { date: '2027-02-02' });
    const over = await plan(c.id, { date: '2027-02-09' });
    await setRule('refuse');
    try {
      const moved = await as(ctx, office.token).patch(`/api/visits/${over.visit.id}`, {
        date: '2027-02-10',
        start_time: '10:00',
        end_time: '11:00',
        butler_ids: [butler.id],
        kind: 'trip',
        purpose: 'Drucker einrichten',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // Into another month it counts there: March has room, the change is taken.
      const toMarch = await as(ctx, office.token).patch(`/api/visits/${over.visit.id}`, {
        date: '2027-03-03',
        start_time: '10:00',
        end_time: '11:00',
        butler_ids: [butler.id],
        kind: 'trip',
        purpose: 'Drucker einrichten',
      });
      expect(toMarch.statusCode, toMarch.body).toBe(200);
      const back = await as(ctx, office.token).patch(`/api/visits/${over.visit.id}`, {
        date: '2027-02-16',
        start_time: '10:00',
        end_time: '11:00',
        butler_ids: [butler.id],
        kind: 'trip',
        purpose: 'Drucker einrichten',
      });
      expect(back.statusCode).toBe(409);
      expect(back.json().error).toContain('Februar 2027: 2 Fahrten geplant, 1 im ButlerPaket');
    } finally {
      await setRule('warn');
    }
  });

  it('"warnen" plans and names the month; "nicht einplanen" refuses in German and plans nothing', async () => {
    const c = await customer('Fahrt', 2);
    await plan(c.id, { date: '2027-01-05', repeat: 'weekly', repeat_until: '2027-01-12' });
    const third = await plan(c.id, { date: '2027-01-19' });
    expect(third.warnings).toEqual(['Jänner 2027: 3 Fahrten geplant, 2 im ButlerPaket']);
    await setRule('refuse');
    try {
      const refused = await plan(c.id, { date: '2027-01-26' }, 409);
      expect(refused.error).toContain(
        'Mehr Fahrten, als das ButlerPaket enthält: Jänner 2027: 4 Fahrten geplant, 2 im ButlerPaket',
      );
      const jan = (
        await as(ctx, office.token).get(`/api/visits?from=2027-01-01&to=2027-01-31&customer_id=${c.id}`)
      ).json();
      expect(jan).toHaveLength(3);
      // A visit without a trip is not limited, nor is a change that stays in its month.
      await plan(c.id, { date: '2027-01-26', kind: 'remote' });
    } finally {
      await setRule('warn');
    }
  });

  it('with "übernehmen", a month gets the month before\'s own unused trips of the same ButlerPaket, once', async () => {
    const c = await customer('Uebertrag', 3);
    const done = await plan(c.id, { date: '2026-11-10' });
    expect((await as(ctx, office.token).post(`/api/visits/${done.visit.id}/done`, {})).statusCode).toBe(200);
    const trips = async () =>
      (await as(ctx, office.token).get(`/api/customers/${c.id}/trips`)).json() as Array<Record<string, any>>;
    const off = (await trips()).find((t) => t.month === '2026-12');
    expect(off).toMatchObject({ used: 0, allotted: 3, carried_over: 0 });
    await setRule('warn', true);
    try {
      const months = await trips();
      expect(months.find((t) => t.month === '2026-12')).toMatchObject({ allotted: 3, carried_over: 2 });
      // November's own unused trips: October had none used, but carried trips never carry on.
      expect(months.find((t) => t.month === '2026-11')).toMatchObject({ used: 1, allotted: 3, carried_over: 3 });
    } finally {
      await setRule('warn');
    }
  });
});

describe('trips billed beyond the ButlerPaket ("verrechnen")', () => {
  it('charges a done trip beyond the Fahrten once and puts it on the next ButlerPaket invoice; deleting that draft gives it back', async () => {
    const noProduct = await as(ctx, office.token).put('/api/settings/visits', {
      request_hours: 24,
      trip_overrun: 'bill',
      trips_carry_over: false,
    });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.body).toContain('Bitte wählen Sie das Produkt, als das eine zusätzliche Fahrt verrechnet wird');
    const product = await as(ctx, owner.token).post('/api/quickbill/products', {
      name: 'Fahrt',
      unit: 'Fahrt',
      unit_price: 25,
      tax_rate: 20,
    });
    expect(product.statusCode, product.body).toBe(201);
    const rule = {
      request_hours: 24,
      trip_overrun: 'bill',
      trips_carry_over: false,
      trip_product_id: product.json().id,
    };
    expect((await as(ctx, office.token).put('/api/settings/visits', rule)).statusCode).toBe(200);
    try {
      const c = await customer('Verrechnet', 1);
      const first = await plan(c.id, { date: '2026-12-01', start_time: '08:00', end_time: '09:00' });
      const second = await plan(c.id, { date: '2026-12-02', start_time: '08:00', end_time: '09:00' });
      expect(second.warnings).toEqual(['Dezember 2026: 2 Fahrten geplant, 1 im ButlerPaket']);
      expect((await as(ctx, office.token).post(`/api/visits/${first.visit.id}/done`, {})).statusCode).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: 4 }, () => as(ctx, office.token).post(`/api/visits/${second.visit.id}/done`, {})),
      );
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const charges = await ctx.db.select().from(tripCharges).where(eq(tripCharges.customerId, c.id));
      expect(charges.map((ch) => [ch.visitId, ch.month, ch.invoiceId])).toEqual([[second.visit.id, '2026-12', null]]);

      const run = await as(ctx, owner.token).post('/api/quickbill/monthly-run', { year: 2026, month: 12 });
      expect(run.statusCode, run.body).toBe(200);
      const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.customerId, c.id));
      const items = await ctx.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
      expect(items.map((i) => [i.description, i.unit, Number(i.unitPrice)])).toContainEqual([
        'Fahrt: Mi., 02.12.2026 (über die Fahrten des ButlerPakets hinaus)',
        'Fahrt',
        25,
      ]);
      expect(items).toHaveLength(2);
      // Deleting the draft gives the trip back for the next ButlerPaket invoice.
      expect((await as(ctx, owner.token).post(`/api/quickbill/invoices/${invoice.id}/cancel`, {})).statusCode).toBe(
        200,
      );
      expect((await ctx.db.select().from(tripCharges).where(eq(tripCharges.customerId, c.id)))[0].invoiceId).toBeNull();
    } finally {
      await as(ctx, office.token).put('/api/settings/visits', {
        request_hours: 24,
        trip_overrun: 'warn',
        trips_carry_over: false,
      });
    }
  });
});

describe('Protokoll', () => {
  it('names the wish, the feed and the settings in German', async () => {
    const rows = await ctx.db.select().from(auditLog).where(like(auditLog.action, '%feed%'));
    expect(rows.length).toBeGreaterThan(0);
    const { actionLabel, entityLabel } = await import('@butler/contract/audit-labels');
    for (const code of ['visit_request', 'visit_request_resolve', 'feed_create', 'feed_revoke'])
      expect(actionLabel(code)).not.toBe(code);
    for (const code of ['calendar_feed', 'visit_settings']) expect(entityLabel(code)).not.toBe(code);
  });
});

describe('DSGVO', () => {
  it('the data export holds the visits and wishes without the feed address; erasure removes them and the address answers 404', async () => {
    const JSZip = (await import('jszip')).default;
    const c = await customer('Auskunft');
    const { visit } = await plan(c.id, { date: '2026-12-18', kind: 'remote', purpose: 'Handy einrichten' });
    await as(ctx, c.token).post(`/api/visits/${visit.id}/requests`, { kind: 'cancel', message: 'Bin verreist' });
    const { url } = (await as(ctx, c.token).post(`/api/customers/${c.id}/calendar-feed`, {})).json() as { url: string };
    const res = await as(ctx, owner.token).get(`/api/customers/${c.id}/data-export.zip`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const text = await zip.file('daten/termine.json')!.async('string');
    const data = JSON.parse(text);
    expect(data.termine).toEqual([
      expect.objectContaining({
        datum: '2026-12-18',
        art: 'Fernwartung/Telefon',
        zweck: 'Handy einrichten',
        wer: ['Bert Butler'],
        wuensche: [expect.objectContaining({ art: 'Absage gewünscht', nachricht: 'Bin verreist', erledigt_am: null })],
      }),
    ]);
    expect(data.kalender_abo).toMatchObject({ eingeschaltet_am: expect.any(String) });
    const token = new URL(url).pathname.split('/').pop()!.replace('.ics', '');
    for (const name of Object.keys(zip.files)) {
      const file = zip.file(name);
      if (file) expect(await file.async('string')).not.toContain(token);
    }

    const erased = await as(ctx, owner.token).post(`/api/customers/${c.id}/erasure`, {
      confirmation: 'Auskunft Kalender',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await as(ctx, office.token).get(`/api/visits/${visit.id}`)).statusCode).toBe(404);
    expect((await fetchFeedOf(url)).statusCode).toBe(404);
    expect(await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.customerId, c.id))).toEqual([]);
  });
});

const fetchFeedOf = (url: string) => ctx.request({ method: 'GET', url: new URL(url).pathname });

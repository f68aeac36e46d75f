import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject, buildTimeEntry, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider } from '../../../test/quickbill-helpers.js';
import { type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import {
  admins,
  auditLog,
  customerStaff,
  mailOutbox,
  monthConfirmations,
  monthQuestions,
} from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { SCHEDULED_JOBS } from '../jobs/job-registry.js';
import { runSchedulerTick } from '../jobs/scheduler.js';

let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let butler: StaffMember;
let otherButler: StaffMember;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  ctx.request({ method, url, token, payload: payload as any });

const SETTINGS = '/api/settings/month-confirmations';

beforeAll(async () => {
  setClock('2026-10-05');
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await staffMember(ctx, 'owner', 'Ida Inhaber');
  office = await staffMember(ctx, 'office', 'Olga Büro');
  butler = await staffMember(ctx, 'butler', 'Bruno Butler');
  otherButler = await staffMember(ctx, 'butler', 'Berta Andere');
  await configureProvider(ctx, owner.token);
});
afterAll(() => setClock(null));

async function setMode(mode: 'off' | 'optional' | 'required', startsMonth = '2026-10') {
  const res = await call(owner.token, 'PUT', SETTINGS, { mode, auto_confirm_days: 14, starts_month: startsMonth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A customer with a Betreuer (the Butler), two October entries booked by the Büro, signed in. */
async function customerWithOctober(name: string, options: { statementMails?: boolean } = {}) {
  const customer = await buildCustomer(ctx.db, {
    firstName: name,
    lastName: 'Gruber',
    statementMails: options.statementMails ?? true,
  });
  await ctx.db.insert(customerStaff).values({ customerId: customer.id, adminId: butler.id });
  const project = await buildProject(ctx.db, customer.id, { name: 'Haushalt' });
  const booked = { createdBy: office.username, createdByAdminId: office.id, billingType: 'stundenpakete' };
  const first = await buildTimeEntry(ctx.db, customer.id, project.id, {
    ...booked,
    workDate: '2026-10-06',
    hours: '2',
    activityDescription: 'Einkauf erledigt',
  });
  const second = await buildTimeEntry(ctx.db, customer.id, project.id, {
    ...booked,
    workDate: '2026-10-20',
    hours: '1.5',
    activityDescription: 'Arzttermin begleitet',
  });
  return { customer, project, first, second };
}

const loginCustomer = (email: string) => ctx.login('customer', email, TEST_PASSWORD);
const mailsTo = (address: string, template: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.template, template)));

describe('Einstellungen → Monatsfreigabe', () => {
  it('starts off, belongs to Inhaber and Büro, refuses bad input in German and is audited', async () => {
    const start = await call(owner.token, 'GET', SETTINGS);
    expect(start.json()).toMatchObject({ mode: 'off', auto_confirm_days: 14, starts_month: '2026-10' });
    expect((await call(butler.token, 'PUT', SETTINGS, { mode: 'required' })).statusCode).toBe(403);
    const tooMany = await call(office.token, 'PUT', SETTINGS, {
      mode: 'required',
      auto_confirm_days: 90,
      starts_month: '2026-10',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.auto_confirm_days).toBe('Höchstens 60 Tage');
    const farBack = await call(office.token, 'PUT', SETTINGS, {
      mode: 'required',
      auto_confirm_days: 14,
      starts_month: '2024-01',
    });
    expect(farBack.statusCode).toBe(400);
    expect(farBack.json().details.starts_month).toContain('höchstens 12 Monate');
    expect((await call(owner.token, 'GET', SETTINGS)).json().mode).toBe('off');

    const saved = await call(office.token, 'PUT', SETTINGS, {
      mode: 'optional',
      auto_confirm_days: 10,
      starts_month: '2026-10',
    });
    expect(saved.json()).toEqual({
      mode: 'optional',
      auto_confirm_days: 10,
      starts_month: '2026-10',
      enabled_on: '2026-10-05',
    });
    const audit = await call(owner.token, 'GET', '/api/audit?entity=month_confirmation_settings');
    expect(JSON.stringify(audit.json())).toContain('Olga');
  });
});

describe('a month questioned, corrected, confirmed and then billed (Pflicht)', () => {
  it('walks the whole story with the refusals on the way', async () => {
    setClock('2026-10-10');
    await setMode('required');
    const { customer, first, second } = await customerWithOctober('Maria');
    const months = `/api/customers/${customer.id}/months`;
    let maria = await loginCustomer(customer.email);

    // October has not ended: nothing to confirm or ask yet.
    expect((await call(maria, 'GET', months)).json().months).toEqual([]);
    const early = await call(maria, 'POST', `${months}/2026-10/questions`, {
      time_entry_id: first.id,
      message: 'Das war kürzer',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Der Oktober 2026 ist noch nicht zu Ende');

    // November: October is listed with the day it would confirm itself.
    setClock('2026-11-03');
    maria = await loginCustomer(customer.email);
    const listed = (await call(maria, 'GET', months)).json();
    expect(listed.mode).toBe('required');
    expect(listed.months).toEqual([
      expect.objectContaining({
        month: '2026-10',
        month_display: 'Oktober 2026',
        state: 'to_confirm',
        entries_count: 2,
        hours_total: 3.5,
        open_questions: 0,
        auto_confirm_on: '2026-11-15',
      }),
    ]);

    // An entry of another month, another customer's entry: refused, nothing written.
    const other = await customerWithOctober('Karl');
    const foreign = await call(maria, 'POST', `${months}/2026-10/questions`, {
      time_entry_id: other.first.id,
      message: 'Wer ist das?',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Zeiteintrag nicht gefunden');
    const wrongMonth = await call(maria, 'POST', `${months}/2026-09/questions`, {
      time_entry_id: first.id,
      message: 'Falscher Monat',
    });
    expect(wrongMonth.statusCode).toBe(409);
    expect(wrongMonth.json().error).toContain('erst ab Oktober 2026');
    expect((await call(maria, 'POST', `/api/customers/${other.customer.id}/months/2026-10/confirm`)).statusCode).toBe(
      403,
    );

    // The Rückfrage: one per entry, to the Betreuer by mail and in the staff list.
    const asked = await call(maria, 'POST', `${months}/2026-10/questions`, {
      time_entry_id: first.id,
      message: 'Der Einkauf hat nur eineinhalb Stunden gedauert.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = asked.json();
    expect(question).toMatchObject({ state: 'open', time_entry_id: first.id, asked_about: { hours: 2 } });
    // Nobody on the staff has an address yet: the provider's contact address hears of it.
    const staffMails = await mailsTo('office@meinbutler.at', 'month-question');
    expect(staffMails.map((m) => m.subject)).toEqual(['Rückfrage von Maria Gruber (Oktober 2026)']);
    const openList = (await call(butler.token, 'GET', '/api/month-questions')).json();
    expect(openList.map((q: { id: number }) => q.id)).toContain(question.id);
    expect((await call(otherButler.token, 'GET', '/api/month-questions')).json()).toEqual([]);

    // Confirming waits for the answer; the hour invoice of October is refused, naming month and customer.
    const blocked = await call(maria, 'POST', `${months}/2026-10/confirm`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('noch eine Rückfrage offen');
    const draft = await call(owner.token, 'POST', '/api/quickbill/invoices', {
      customer_id: customer.id,
      invoice_date: '2026-11-03',
      time_entry_ids: [second.id],
      items: [{ description: 'Betreuung Oktober', quantity: 1.5, unit: 'h', unit_price: 50, tax_rate: 20 }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await call(owner.token, 'POST', `/api/quickbill/invoices/${draft.json().id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Die Monatsfreigabe fehlt: Maria Gruber hat den Monat Oktober 2026 noch nicht bestätigt. Die Rechnung kann erst danach ausgestellt werden.',
    );
    expect((await call(owner.token, 'GET', `/api/quickbill/invoices/${draft.json().id}`)).json().status).toBe('draft');

    // The Betreuer corrects the entry (booked by the Büro, a month ago): the Rückfrage is corrected.
    const corrected = await call(butler.token, 'PUT', `/api/time-entries/${first.id}`, {
      hours: 1.5,
      activity_description: 'Einkauf erledigt',
      work_date: '2026-10-06',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const detail = (await call(maria, 'GET', `${months}/2026-10`)).json();
    const thread = detail.questions[0];
    // The customer gets no staff copy of the entries; staff get them for "Eintrag korrigieren".
    expect(detail.staff_entries).toEqual([]);
    const staffDetail = (await call(butler.token, 'GET', `${months}/2026-10`)).json();
    expect(staffDetail.staff_entries.map((e: { id: number; hours: number }) => [e.id, e.hours])).toEqual([
      [first.id, 1.5],
      [second.id, 1.5],
    ]);
    expect(thread.state).toBe('corrected');
    expect(thread.messages.map((m: { author_name: string; body: string }) => [m.author_name, m.body])).toEqual([
      ['Maria Gruber', 'Der Einkauf hat nur eineinhalb Stunden gedauert.'],
      ['Bruno', 'Eintrag korrigiert: 2,00 h → 1,50 h'],
    ]);
    expect(detail.entries.find((e: { id: number }) => e.id === first.id)).toMatchObject({
      hours: 1.5,
      question_state: 'corrected',
    });
    const correctedMail = await mailsTo(customer.email, 'month-confirmation');
    expect(correctedMail.map((m) => m.subject)).toEqual(['Wir haben deinen Eintrag im Oktober 2026 korrigiert']);
    expect(correctedMail[0].textBody).toContain('2,00 h → 1,50 h');

    // Confirmed once; the Rückfrage is resolved with it; the invoice can now be issued.
    const confirmed = await call(maria, 'POST', `${months}/2026-10/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().summary).toMatchObject({
      state: 'confirmed',
      confirmed_by: 'Maria Gruber',
      hours_total: 3,
    });
    expect(confirmed.json().questions[0].state).toBe('resolved');
    const again = await call(maria, 'POST', `${months}/2026-10/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Der Oktober 2026 ist schon bestätigt');
    const late = await call(maria, 'POST', `${months}/2026-10/questions`, {
      time_entry_id: second.id,
      message: 'Doch noch etwas',
    });
    expect(late.statusCode).toBe(409);
    const sent = await call(owner.token, 'POST', `/api/quickbill/invoices/${draft.json().id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);

    // The customer page reads who did what and when; the Protokoll names each step.
    const staffView = (await call(office.token, 'GET', months)).json();
    expect(staffView.months[0]).toMatchObject({ state: 'confirmed', confirmed_by: 'Maria Gruber' });
    const audit = await ctx.db
      .select({ action: auditLog.action, actor: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.customerId, customer.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['month_question', 'month_question_corrected', 'month_confirm']),
    );
    expect(audit.find((a) => a.action === 'month_confirm')?.actor).toBe('Maria Gruber');
  });
});

describe('answers in the thread', () => {
  it('staff answer, the customer writes back and the Rückfrage is open again; others cannot reach it', async () => {
    setClock('2026-11-04');
    await setMode('optional');
    const butlerMail = 'bruno@example.at';
    await ctx.db.update(admins).set({ email: butlerMail }).where(eq(admins.id, butler.id));
    const { customer, second } = await customerWithOctober('Lena');
    const lena = await loginCustomer(customer.email);
    const asked = await call(lena, 'POST', `/api/customers/${customer.id}/months/2026-10/questions`, {
      time_entry_id: second.id,
      message: 'War das am 20. oder am 21.?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id;
    const toButler = await mailsTo(butlerMail, 'month-question');
    expect(toButler.map((m) => m.subject)).toEqual(['Rückfrage von Lena Gruber (Oktober 2026)']);
    expect(toButler[0].textBody).toContain('20.10.2026 · Haushalt · Arzttermin begleitet · 1,50 h');

    const answered = await call(office.token, 'POST', `/api/month-questions/${id}/messages`, {
      message: 'Am 20. Oktober, Vormittag.',
    });
    expect(answered.json().state).toBe('answered');
    expect((await mailsTo(customer.email, 'month-confirmation')).map((m) => m.subject)).toEqual([
      'Antwort auf deine Rückfrage zum Oktober 2026',
    ]);
    const reopened = await call(lena, 'POST', `/api/month-questions/${id}/messages`, { message: 'Danke, passt.' });
    expect(reopened.json().state).toBe('open');

    const stranger = await buildCustomer(ctx.db);
    const strangerToken = await loginCustomer(stranger.email);
    const foreign = await call(strangerToken, 'POST', `/api/month-questions/${id}/messages`, { message: 'Hallo' });
    expect(foreign.statusCode).toBe(404);
    expect((await call(strangerToken, 'GET', `/api/customers/${customer.id}/months`)).statusCode).toBe(403);
    const empty = await call(lena, 'POST', `/api/month-questions/${id}/messages`, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.message).toBe('Die Nachricht fehlt');

    // Optional: the invoice of a month not confirmed is issued.
    const draft = await call(owner.token, 'POST', '/api/quickbill/invoices', {
      customer_id: customer.id,
      invoice_date: '2026-11-04',
      time_entry_ids: [second.id],
      items: [{ description: 'Betreuung Oktober', quantity: 1.5, unit: 'h', unit_price: 50, tax_rate: 20 }],
    });
    expect((await call(owner.token, 'POST', `/api/quickbill/invoices/${draft.json().id}/send`)).statusCode).toBe(200);
  });
});

describe('only once under a burst', () => {
  it('confirms a month once and files one Rückfrage per entry when the requests come together', async () => {
    setClock('2026-11-05');
    await setMode('optional');
    const { customer, first } = await customerWithOctober('Paul');
    const paul = await loginCustomer(customer.email);
    const base = `/api/customers/${customer.id}/months/2026-10`;
    const questions = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(paul, 'POST', `${base}/questions`, { time_entry_id: first.id, message: 'Stimmt das?' }),
      ),
    );
    expect(questions.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(questions.find((r) => r.statusCode === 409)?.json().error).toBe(
      'Zu diesem Eintrag gibt es schon eine Rückfrage',
    );
    const id = questions.find((r) => r.statusCode === 201)?.json().id;
    await call(office.token, 'POST', `/api/month-questions/${id}/messages`, { message: 'Ja, das stimmt.' });

    const confirms = await Promise.all(Array.from({ length: 6 }, () => call(paul, 'POST', `${base}/confirm`)));
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await ctx.db.select().from(monthConfirmations).where(eq(monthConfirmations.customerId, customer.id));
    expect(rows).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, customer.id), eq(auditLog.action, 'month_confirm')));
    expect(audits).toHaveLength(1);
  });
});

describe('automatic confirmation and the mail that a month is ready', () => {
  it('confirms quiet months after the days the lounge names, once, and leaves questioned months open', async () => {
    setClock('2026-10-05');
    await setMode('required');
    await ctx.db.delete(monthConfirmations);
    await ctx.db.update(monthQuestions).set({ state: 'resolved', resolvedAt: new Date() });
    const quiet = await customerWithOctober('Sara');
    const noMails = await customerWithOctober('Tom', { statementMails: false });
    const asking = await customerWithOctober('Vera');
    setClock('2026-11-02');
    const vera = await loginCustomer(asking.customer.email);
    const asked = await call(vera, 'POST', `/api/customers/${asking.customer.id}/months/2026-10/questions`, {
      time_entry_id: asking.first.id,
      message: 'Bitte prüfen',
    });
    expect(asked.statusCode).toBe(201);

    // The daily run at 06:45 Vienna (05:45 UTC in November), through the scheduler.
    const runAt = async (iso: string) => {
      setClock(new Date(iso));
      await runSchedulerTick(ctx.db, new Date(iso), SCHEDULED_JOBS);
      await ctx.runJobs();
    };
    await runAt('2026-11-02T05:45:30Z');
    const ready = await mailsTo(quiet.customer.email, 'month-confirmation');
    expect(ready.map((m) => m.subject)).toEqual(['Bitte bestätige deine Stunden im Oktober 2026']);
    expect(ready[0].textBody).toContain('Ohne Rückfrage gilt der Monat am 15.11.2026 als bestätigt.');
    expect(await mailsTo(noMails.customer.email, 'month-confirmation')).toEqual([]);

    await runAt('2026-11-14T05:45:30Z');
    const confirmedOf = (customerId: number) =>
      ctx.db.select().from(monthConfirmations).where(eq(monthConfirmations.customerId, customerId));
    expect(await confirmedOf(quiet.customer.id)).toEqual([]);

    await runAt('2026-11-15T05:45:30Z');
    await runAt('2026-11-16T05:45:30Z');
    const auto = await confirmedOf(quiet.customer.id);
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ confirmedBy: 'auto', entriesCount: 2, hoursTotal: '3.50' });
    expect(await confirmedOf(asking.customer.id)).toEqual([]);
    expect(await mailsTo(quiet.customer.email, 'month-confirmation')).toHaveLength(1);

    const sara = await loginCustomer(quiet.customer.email);
    const listed = (await call(sara, 'GET', `/api/customers/${quiet.customer.id}/months`)).json();
    expect(listed.months[0]).toMatchObject({ state: 'auto_confirmed', confirmed_by: 'automatisch' });
    const audit = await ctx.db
      .select({ actor: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, quiet.customer.id), eq(auditLog.action, 'month_auto_confirm')));
    expect(audit).toEqual([{ actor: 'System' }]);
  });
});

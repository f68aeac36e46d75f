import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
} from '../../../test/factories.js';
import { skipBackoff } from '../../../test/job-helpers.js';
import { startSmtpTestServer } from '../../../test/smtp-test-server.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createDatabase } from '../../db/client.js';
import { admins, balanceAlerts, mailOutbox, providerSettings } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { SCHEDULED_JOBS } from '../jobs/job-registry.js';
import { runSchedulerTick } from '../jobs/scheduler.js';
import { recordCrossings } from './balance-alerts.service.js';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  actors = await createActors(ctx);
  await ctx.db
    .update(providerSettings)
    .set({ companyName: 'Mein BUTLER e.U.', contactEmail: 'office@meinbutler.at' })
    .where(eq(providerSettings.id, 1));
  // Staff without an address get nothing; one with an address gets the digest.
  await ctx.db.update(admins).set({ email: null });
  await buildAdmin(ctx.db, { username: 'lena', name: 'Lena Berger', email: 'lena@meinbutler.at' });
});
afterAll(async () => {
  setClock(null);
  await smtp?.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

/** A ButlerPaket starting in the month under test: no carry-over from unused earlier months (decision 0623). */
async function customerWithPaket(monthlyHours: string, startDate: string) {
  const customer = await buildCustomer(ctx.db, { firstName: 'Maria' });
  const project = await buildProject(ctx.db, customer.id);
  const sub = await buildSubscription(ctx.db, customer.id, {
    startDate,
    endDate: '2026-12-31',
    monthlyHours,
  });
  return { customer, project, sub };
}

const book = async (customerId: number, projectId: number, hours: number, date: string, type = 'abos') => {
  const res = await admin('POST', `/api/customers/${customerId}/time-entries`, {
    project_id: projectId,
    hours,
    activity_description: 'Unterlagen sortiert',
    work_date: date,
    billing_type: type,
  });
  expect(res.statusCode, res.body).toBe(201);
};

async function mailsFor(to: string, template: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(mailOutbox.id);
}

/** Runs the scheduler tick at `at` (every scheduled job that is due) and then every due job. */
async function tickAt(at: string) {
  setClock(new Date(at));
  await runSchedulerTick(ctx.db, new Date(at), SCHEDULED_JOBS);
  await ctx.runJobs();
}

describe('settings', () => {
  it('answers the defaults, refuses bad values in German and saves good ones (admin only)', async () => {
    const res = await admin('GET', '/api/admin/balance-alert-settings');
    const defaults = res.json() as Record<string, unknown>;
    expect(defaults).toEqual({
      butler_used_percent: 80,
      package_remaining_hours: 2,
      package_remaining_percent: 20,
      notify_customers: true,
      notify_staff: true,
    });
    const bad = await admin('PUT', '/api/admin/balance-alert-settings', {
      ...defaults,
      butler_used_percent: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.butler_used_percent).toBe('Der Anteil muss zwischen 1 und 100\u00a0% liegen');
    const ok = await admin('PUT', '/api/admin/balance-alert-settings', { ...defaults, package_remaining_hours: 3 });
    expect(ok.json().package_remaining_hours).toBe(3);
    const back = await admin('PUT', '/api/admin/balance-alert-settings', defaults);
    expect(back.statusCode).toBe(200);
    const customer = await ctx.request({
      method: 'GET',
      url: '/api/admin/balance-alert-settings',
      token: actors.tokens.customerA,
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('crossing a threshold through bookings, with the scheduler through a month end', () => {
  it('mails the customer once per period, lists the crossing in one staff digest a day, shows banner and list', async () => {
    const { customer, project } = await customerWithPaket('10', '2026-03-01');
    setClock('2026-03-20');
    await book(customer.id, project.id, 5, '2026-03-05');
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(0);

    await book(customer.id, project.id, 3, '2026-03-18'); // 8 of 10 h: 80 % reached
    await ctx.runJobs();
    await book(customer.id, project.id, 1, '2026-03-19'); // further bookings: no second mail
    await ctx.runJobs();
    const alerts = await mailsFor(customer.email, 'balance-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].status).toBe('sent');
    expect(alerts[0].subject).toBe('Dein Guthaben wird knapp: noch 2,00 h verfügbar');
    expect(alerts[0].textBody).toContain('du hast jetzt noch 2,00 h zur Verfügung.');
    expect(alerts[0].textBody).toContain('ButlerPaket März 2026: 8,00 h von 10,00 h genutzt');

    // The lounge shows the banner figures, the dashboard lists the customer.
    const token = await ctx.login('customer', customer.email, 'Geheim-Passwort-1');
    const lounge = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/dashboard`, token });
    expect(lounge.json().low_balance).toEqual({
      kind: 'butler',
      reserve: 2,
      usable: {
        total: 1,
        butler: {
          subscription_id: lounge.json().usable_hours.butler.subscription_id,
          period_start: '2026-03-01',
          period_end: '2026-03-31',
          term_end: '2026-12-31',
          monthly_hours: 10,
          used: 9,
          carried: 0,
          usable: 1,
        },
        packages: null,
      },
    });
    const everything = await admin('GET', '/api/admin/low-balances?page_size=500');
    const list = everything.json();
    expect(list.filter((r: any) => r.customer_id === customer.id)).toMatchObject([
      { kind: 'butler', usable: { total: 1 }, customer_name: `${customer.firstName} ${customer.lastName}` },
    ]);
    // One row per page: each page is the next row of the whole list, the count in a header.
    expect(everything.headers['x-total-count']).toBe(String(list.length));
    for (const [index, row] of list.entries()) {
      const page = await admin('GET', `/api/admin/low-balances?page=${index + 1}&page_size=1`);
      expect(page.json()).toEqual([row]);
      expect(page.headers['x-total-count']).toBe(String(list.length));
    }
    expect((await admin('GET', `/api/admin/low-balances?page=${list.length + 1}&page_size=1`)).json()).toEqual([]);
    expect((await admin('GET', '/api/admin/low-balances?page_size=0')).statusCode).toBe(400);

    // 21 March 07:00 Vienna: the digest lists the crossing; ticking again sends nothing more.
    await tickAt('2026-03-21T06:00:30Z');
    await tickAt('2026-03-21T06:05:00Z');
    const digests = await mailsFor('lena@meinbutler.at', 'balance-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toMatch(/^Knappes Guthaben: \d+ Kunden? \(21\.03\.2026\)$/);
    expect(digests[0].textBody).toContain(
      `${customer.firstName} ${customer.lastName}: ButlerPaket März 2026, genutzt 8,00 h von 10,00 h, jetzt verfügbar 2,00 h`,
    );

    // Through the month end: the new period starts fresh; no alert, no banner, no digest.
    await tickAt('2026-03-31T21:59:00Z');
    await tickAt('2026-04-01T05:00:30Z');
    const april = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/dashboard`, token });
    expect(april.json().low_balance).toBeNull();
    const digestCount = (await mailsFor('lena@meinbutler.at', 'balance-digest')).length;
    await tickAt('2026-04-02T05:00:30Z');
    // A digest goes out only when something crossed (nobody did).
    expect(await mailsFor('lena@meinbutler.at', 'balance-digest')).toHaveLength(digestCount);
    const rows = await ctx.db.select().from(balanceAlerts).where(eq(balanceAlerts.customerId, customer.id));
    expect(rows).toHaveLength(1);

    // April's period crosses: a second customer mail (one per period), in the next digest. March
    // left 1 h, so April is low only once 9,5 h are used: 0,5 h + 1 h carried = 1,5 h ≤ 20 % of 10 h.
    setClock('2026-04-10');
    await book(customer.id, project.id, 8.5, '2026-04-09');
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(1);
    await book(customer.id, project.id, 1, '2026-04-09');
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(2);
    await tickAt('2026-04-11T05:00:30Z');
    const after = await mailsFor('lena@meinbutler.at', 'balance-digest');
    expect(after.length).toBeGreaterThan(digestCount);
    expect(after.at(-1)?.textBody).toContain('ButlerPaket April 2026');
  });

  it('hour packages: 2 h or 20 % of the newest package left; a new package is a new crossing', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Paul' });
    const project = await buildProject(ctx.db, customer.id);
    await buildHourPackage(ctx.db, customer.id, { hours: '20', purchaseDate: '2026-05-02' });
    setClock('2026-05-20');
    await book(customer.id, project.id, 15, '2026-05-10', 'stundenpakete'); // 5 h left, 25 %
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(0);
    await book(customer.id, project.id, 1.5, '2026-05-12', 'stundenpakete'); // 3.5 h left = 17.5 %
    await ctx.runJobs();
    const [mail] = await mailsFor(customer.email, 'balance-alert');
    expect(mail.subject).toBe('Dein Guthaben wird knapp: noch 3,50 h verfügbar');
    expect(mail.textBody).toContain('Stundenpakete: noch 3,50 h (16,50 h von 20,00 h genutzt)');
    // A new package of 10 h: 13.5 h left, fine; using it up to 1.75 h is a new crossing.
    await buildHourPackage(ctx.db, customer.id, { hours: '10', purchaseDate: '2026-05-20' });
    await book(customer.id, project.id, 6, '2026-05-20', 'stundenpakete');
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(1);
    await book(customer.id, project.id, 5.75, '2026-05-20', 'stundenpakete');
    await ctx.runJobs();
    const both = await mailsFor(customer.email, 'balance-alert');
    expect(both).toHaveLength(2);
    expect(both[1].textBody).toContain('du hast jetzt noch 1,75 h zur Verfügung.');
  });
});

describe('opt-out', () => {
  it('a customer who switched the mails off gets none; staff still see the crossing', async () => {
    const { customer, project } = await customerWithPaket('4', '2026-06-01');
    const token = await ctx.login('customer', customer.email, 'Geheim-Passwort-1');
    const url = `/api/customers/${customer.id}/notification-preferences`;
    expect((await ctx.request({ method: 'GET', url, token })).json()).toEqual({
      balance_alert_mails: true,
      statement_mails: true,
      order_mails: true,
    });
    const off = await ctx.request({
      method: 'PUT',
      url,
      token,
      payload: { balance_alert_mails: false, statement_mails: true, order_mails: true },
    });
    expect(off.json()).toEqual({ balance_alert_mails: false, statement_mails: true, order_mails: true });
    const other = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${actors.customerB.id}/notification-preferences`,
      token,
      payload: { balance_alert_mails: false, statement_mails: false, order_mails: false },
    });
    expect(other.statusCode).toBe(403);
    const bad = await ctx.request({
      method: 'PUT',
      url,
      token,
      payload: { balance_alert_mails: 'nein', statement_mails: true, order_mails: true },
    });
    expect(bad.statusCode).toBe(400);

    setClock('2026-06-15');
    await book(customer.id, project.id, 4, '2026-06-10');
    await ctx.runJobs();
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(0);
    const [alert] = await ctx.db.select().from(balanceAlerts).where(eq(balanceAlerts.customerId, customer.id));
    expect(alert.customerMailed).toBe(false);
    await tickAt('2026-06-16T05:00:30Z');
    const digest = (await mailsFor('lena@meinbutler.at', 'balance-digest')).at(-1);
    expect(digest?.textBody).toContain(`${customer.firstName} ${customer.lastName}: ButlerPaket Juni 2026`);
  });
});

describe('two workers on one database', () => {
  it('record a crossing once and queue one mail, however many check at the same moment', async () => {
    const { customer, project } = await customerWithPaket('5', '2026-07-01');
    await ctx.db.execute(
      sql`INSERT INTO time_entries (customer_id, project_id, hours, activity_description, work_date, created_by, billing_type)
          VALUES (${customer.id}, ${project.id}, 4.5, 'Termine koordiniert', '2026-07-03', 'admin', 'abos')`,
    );
    const pools = [0, 1, 2, 3].map(() => createDatabase(ctx.poolConfig, () => {}));
    try {
      const results = await Promise.all(
        pools.flatMap((db) => [
          recordCrossings(db, ctx.env, '2026-07-04', customer.id),
          recordCrossings(db, ctx.env, '2026-07-04'),
        ]),
      );
      const mine = results.flat().filter((r) => r.customerId === customer.id);
      expect(mine).toHaveLength(1);
    } finally {
      for (const db of pools) await db.$client.end();
    }
    expect(await mailsFor(customer.email, 'balance-alert')).toHaveLength(1);
    await ctx.runJobs();
  });
});

describe('SMTP failure', () => {
  it('an alert mail that fails is retried and then sent, once', async () => {
    const { customer, project } = await customerWithPaket('2', '2026-08-01');
    setClock('2026-08-12');
    smtp.failNext(1);
    await book(customer.id, project.id, 2, '2026-08-11');
    await ctx.runJobs();
    const [waiting] = await mailsFor(customer.email, 'balance-alert');
    expect(waiting.status).toBe('queued');
    expect(waiting.lastError).toContain('vorübergehend nicht erreichbar');
    await skipBackoff(ctx.db, `mail:${waiting.id}`);
    await ctx.runJobs();
    const [sent] = await mailsFor(customer.email, 'balance-alert');
    expect(sent.status).toBe('sent');
    expect(smtp.received.filter((m) => m.to.includes(customer.email))).toHaveLength(1);
  });
});

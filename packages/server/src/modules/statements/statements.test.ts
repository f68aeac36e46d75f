import { formatNumber } from '@butler/contract/format';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { pdfText } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { SCHEDULED_JOBS } from '../jobs/job-registry.js';
import { runSchedulerTick } from '../jobs/scheduler.js';
import { loadStatement } from './statement-data.service.js';
import { sendMonthlyStatements } from './statements.service.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});
afterAll(() => setClock(null));

async function customerWithMarch(firstName: string) {
  const c = await buildCustomer(ctx.db, { firstName, street: 'Hauptstraße 5', postalCode: '1010', city: 'Wien' });
  const p = await buildProject(ctx.db, c.id, { name: 'Haushalt' });
  await buildSubscription(ctx.db, c.id, { startDate: '2026-01-15', endDate: '2027-01-14', monthlyHours: '10' });
  await buildHourPackage(ctx.db, c.id, { hours: '10', purchaseDate: '2026-02-01' });
  await buildTimeEntry(ctx.db, c.id, p.id, { workDate: '2026-02-20', hours: '4' });
  await buildTimeEntry(ctx.db, c.id, p.id, {
    workDate: '2026-03-02',
    hours: '6.5',
    activityDescription: 'Steuerunterlagen sortiert',
  });
  await buildTimeEntry(ctx.db, c.id, p.id, {
    workDate: '2026-03-20',
    hours: '5',
    activityDescription: 'Handwerker koordiniert',
  });
  await buildTimeEntry(ctx.db, c.id, p.id, {
    workDate: '2026-03-25',
    hours: '2.25',
    billingType: 'stundenpakete',
    activityDescription: 'Geschenk besorgt',
  });
  return c;
}

const admin = (method: 'GET' | 'POST', url: string) => ctx.request({ method, url, token: actors.tokens.admin });

describe('Monatsübersicht', () => {
  it('has the admin dashboard’s figures for the same month, in the PDF too', async () => {
    setClock('2026-04-10');
    const c = await customerWithMarch('Erika');
    const monthly = (await admin('GET', '/api/admin/customers-monthly/2026/3')).json();
    const row = monthly.find((r: any) => r.id === c.id);
    const data = (await loadStatement(ctx.db, c.id, '2026-03'))!;
    expect(data.butler.figures).toEqual(row.butler_packages);
    expect(data.packages.figures).toEqual(row.hour_packages);
    // Periods are named by their first day: January's runs 15.01.–14.02. (nothing used),
    // February's 15.02.–14.03. (4 + 6.5 h), March's 15.03.–14.04. (5 h): carry-over 10 − 0.5.
    expect(data.butler.figures).toEqual({ hours_total: 10, hours_used: 5, hours_open: 5 });
    expect(data.butler.period).toEqual({ start: '2026-03-15', end: '2026-04-14' });
    expect(data.butler.carryOver).toBe(9.5);
    expect(data.butler.balance).toBe(14.5);
    expect(data.packages.figures).toEqual({ hours_total: 10, hours_used: 2.25, hours_open: 7.75 });
    expect(data.butler.entries.map((e) => e.activity)).toEqual(['Steuerunterlagen sortiert', 'Handwerker koordiniert']);

    const res = await admin('GET', `/api/customers/${c.id}/statements/2026-03/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Monatsübersicht März 2026');
    expect(text).toContain('Steuerunterlagen sortiert');
    expect(text).toContain('Geschenk besorgt');
    expect(text).toContain('15.03.2026 – 14.04.2026');
    for (const figure of [9.5, 14.5, 7.75, 2.25]) expect(text).toContain(`${formatNumber(figure)} h`);
  });

  it('lists past months with bookings for the customer, downloads them, refuses others', async () => {
    setClock('2026-04-10');
    const c = await customerWithMarch('Fritz');
    await buildTimeEntry(ctx.db, c.id, (await buildProject(ctx.db, c.id)).id, { workDate: '2026-04-02', hours: '1' });
    const token = await ctx.login('customer', c.email, TEST_PASSWORD);
    const list = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/statements`, token });
    expect(list.json()).toEqual([
      { month: '2026-03', month_display: 'März 2026', versions: [] },
      { month: '2026-02', month_display: 'Februar 2026', versions: [] },
    ]);
    const pdf = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/statements/2026-02/pdf`, token });
    expect(pdf.statusCode).toBe(200);
    const current = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/statements/2026-04/pdf`, token });
    expect(current.statusCode).toBe(404);
    expect(current.json().error).toBe('Für diesen Monat gibt es keine Monatsübersicht');
    const bad = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}/statements/2026-13/pdf`, token });
    expect(bad.statusCode).toBe(400);
    const other = await ctx.request({
      method: 'GET',
      url: `/api/customers/${actors.customerB.id}/statements/2026-03/pdf`,
      token,
    });
    expect(other.statusCode).toBe(403);
    const send = await ctx.request({ method: 'POST', url: `/api/customers/${c.id}/statements/2026-03/send`, token });
    expect(send.statusCode).toBe(403);
  });

  it('the scheduler mails each customer with activity once on the 1st; opt-outs get none; staff can resend', async () => {
    setClock('2026-04-20');
    const a = await customerWithMarch('Gerda');
    const b = await customerWithMarch('Hans');
    const tokenB = await ctx.login('customer', b.email, TEST_PASSWORD);
    const prefs = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${b.id}/notification-preferences`,
      token: tokenB,
      payload: { balance_alert_mails: true, statement_mails: false, order_mails: true },
    });
    expect(prefs.statusCode).toBe(200);
    const mails = (id: number) =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.customerId, id), eq(mailOutbox.template, 'statement')));

    // 1 May 2026, 06:00 Vienna = 04:00 UTC: nothing before, the run at the slot, once.
    for (const at of ['2026-04-30T21:59:00Z', '2026-05-01T03:59:00Z', '2026-05-01T04:00:30Z', '2026-05-01T04:01:00Z']) {
      setClock(new Date(at));
      await runSchedulerTick(ctx.db, new Date(at), SCHEDULED_JOBS);
      await ctx.runJobs();
    }
    // The slot of May covers April: these customers booked in March only.
    expect(await mails(a.id)).toHaveLength(0);
    // The run of 1 April (for March) is re-done directly: idempotent per customer and month.
    await sendMonthlyStatements(ctx.db, ctx.env, '2026-04');
    await sendMonthlyStatements(ctx.db, ctx.env, '2026-04');
    await ctx.runJobs();
    const sent = await mails(a.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].status).toBe('sent');
    expect(sent[0].subject).toBe('Deine Monatsübersicht März 2026');
    expect(sent[0].attachments).toEqual([
      {
        source: 'statement-pdf',
        filename: 'Monatsuebersicht-2026-03.pdf',
        args: { customerId: a.id, month: '2026-03', documentId: expect.any(Number) },
      },
    ]);
    expect(await mails(b.id)).toHaveLength(0);

    const resend = await admin('POST', `/api/customers/${b.id}/statements/2026-03/send`);
    expect(resend.statusCode).toBe(200);
    await ctx.runJobs();
    const again = await mails(b.id);
    expect(again).toHaveLength(1);
    expect(again[0].status).toBe('sent');
  });
});

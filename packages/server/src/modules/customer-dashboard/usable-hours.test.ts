import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildCustomer, buildHourPackage, buildProject, buildSubscription } from '../../../test/factories.js';
import { pdfText } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});
afterAll(() => setClock(null));

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

async function book(customerId: number, projectId: number, entries: Array<[number, string, 'abos' | 'stundenpakete']>) {
  for (const [hours, date, type] of entries) {
    const res = await admin('POST', `/api/customers/${customerId}/time-entries`, {
      project_id: projectId,
      hours,
      activity_description: 'Haushalt organisiert',
      work_date: date,
      billing_type: type,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await ctx.runJobs();
}

/**
 * The walk's overdrawn customer (decision 0742): 18,50 h a month, October and November used
 * 17,25 h beyond their hours, December 0,75 h so far. The month's rest is 17,75 h, but only
 * 0,50 h can be used: every answer, mail and PDF says 0,50 h, and the overuse in words.
 */
describe('one hours figure for an overdrawn customer', () => {
  it('the dashboard, the subscription answer, the deduction gauge, the list, the mail and the PDF say 0,50 h', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Julia', lastName: 'Schwarz' });
    const project = await buildProject(ctx.db, customer.id);
    await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-10-01',
      endDate: '2026-12-31',
      durationMonths: 3,
      monthlyHours: '18.5',
    });
    setClock('2026-11-30T10:00:00Z');
    await book(customer.id, project.id, [
      [28.5, '2026-10-15', 'abos'],
      [25.75, '2026-11-20', 'abos'],
    ]);
    setClock('2026-12-01T18:30:00Z');
    await book(customer.id, project.id, [[0.75, '2026-12-01', 'abos']]);

    const figure = {
      total: 0.5,
      butler: {
        period_start: '2026-12-01',
        period_end: '2026-12-31',
        term_end: '2026-12-31',
        monthly_hours: 18.5,
        used: 0.75,
        carried: -17.25,
        usable: 0.5,
      },
      packages: null,
    };
    const lounge = (await admin('GET', `/api/customers/${customer.id}/dashboard`)).json();
    expect(lounge.usable_hours).toMatchObject(figure);
    // The SPEC fields keep their meaning: the month's rest is 17,75 h, the balance with the overuse 0,50 h.
    expect(lounge.subscription.current_month_hours_remaining).toBe(17.75);
    expect(lounge.subscription.total_balance).toBe(lounge.usable_hours.total);
    // 0,50 h ≤ 20 % of 18,50 h: low, and the banner reads the same figure.
    expect(lounge.low_balance).toMatchObject({ kind: 'butler', usable: figure, reserve: 3.7 });

    const subscription = (await admin('GET', `/api/customers/${customer.id}/subscription`)).json();
    expect(subscription.usable_hours).toEqual(lounge.usable_hours);
    const deductions = (await admin('GET', `/api/customers/${customer.id}/deductions?billing_type=abos`)).json();
    expect(deductions.usable_hours).toEqual(lounge.usable_hours);

    const list = (await admin('GET', '/api/admin/low-balances?page_size=500')).json();
    expect(list.filter((r: any) => r.customer_id === customer.id)).toEqual([
      {
        customer_id: customer.id,
        customer_name: 'Julia Schwarz',
        kind: 'butler',
        usable: lounge.usable_hours,
        reserve: 3.7,
      },
    ]);

    // The alert mails: November's used up (one per month), December's with the one figure and
    // the overuse said as such; never the month's 17,75 h.
    const mails = await ctx.db.query.mailOutbox.findMany({
      where: (m, { and, eq }) => and(eq(m.customerId, customer.id), eq(m.template, 'balance-alert')),
      orderBy: (m, { asc }) => asc(m.id),
    });
    expect(mails.map((m) => m.subject)).toEqual([
      'Dein Guthaben ist aufgebraucht',
      'Dein Guthaben wird knapp: noch 0,50 h verfügbar',
    ]);
    const mail = mails[1];
    expect(mail?.textBody).toContain('du hast jetzt noch 0,50 h zur Verfügung.');
    expect(mail?.textBody).toContain('Mehrverbrauch der Vormonate: 17,25 h, schon abgezogen');
    expect(mail?.textBody).not.toContain('17,75');
    expect(mail?.htmlBody).not.toContain('17,75');

    // November's Monatsübersicht: the overuse of October in words, no "rest of the month".
    const pdf = await admin('GET', `/api/customers/${customer.id}/statements/2026-11/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Kontingent des Monats 18,50 h');
    expect(text).toContain('Genutzt 25,75 h');
    expect(text).toContain('Mehrverbrauch der Vormonate −10,00 h');
    expect(text).toContain('Verfügbar am Monatsende −17,25 h');
    expect(text).not.toContain('Rest dieses Monats');
  });
});

/**
 * "Dein Guthaben wird knapp" on the total (decision 0742): with 9,50 h in the ButlerPaket and
 * 1,25 h in packages the walk's Maria was told her hours run short; together they are 10,75 h,
 * above the reserve of 2 h (20 % of 10 h) + 3 h (20 % of the 15 h package, more than 2 h).
 */
describe('low only when all usable hours together run short', () => {
  it('is not low with hours in the ButlerPaket and few in packages, low once both are short', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Gruber' });
    const project = await buildProject(ctx.db, customer.id);
    await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-11-01',
      endDate: '2027-10-31',
      monthlyHours: '10',
    });
    await buildHourPackage(ctx.db, customer.id, { hours: '15', purchaseDate: '2026-06-01' });
    setClock('2026-12-01T18:30:00Z');
    await book(customer.id, project.id, [
      [9.75, '2026-11-10', 'abos'],
      [0.75, '2026-12-01', 'abos'],
      [13.75, '2026-11-12', 'stundenpakete'],
    ]);
    const maria = (await admin('GET', `/api/customers/${customer.id}/dashboard`)).json();
    expect(maria.usable_hours).toMatchObject({
      total: 10.75,
      butler: { usable: 9.5, carried: 0.25, used: 0.75 },
      packages: { purchased: 15, used: 13.75, remaining: 1.25 },
    });
    expect(maria.low_balance).toBeNull();
    const list = (await admin('GET', '/api/admin/low-balances?page_size=500')).json();
    expect(list.some((r: any) => r.customer_id === customer.id)).toBe(false);

    // 7,75 h more from the ButlerPaket: 1,75 h + 1,25 h = 3,00 h ≤ 5 h.
    await book(customer.id, project.id, [[7.75, '2026-12-01', 'abos']]);
    const low = (await admin('GET', `/api/customers/${customer.id}/dashboard`)).json();
    expect(low.low_balance).toMatchObject({ kind: 'butler', reserve: 5, usable: { total: 3 } });
    const mail = await ctx.db.query.mailOutbox.findFirst({
      where: (m, { and, eq }) => and(eq(m.customerId, customer.id), eq(m.template, 'balance-alert')),
    });
    expect(mail?.textBody).toContain(
      'du hast jetzt noch 3,00 h zur Verfügung (1,75 h aus deinem ButlerPaket und 1,25 h aus deinen Stundenpaketen).',
    );
  });
});

import { todayInVienna } from '@butler/contract/format';
import { OVERVIEW_CHART_MONTHS, type OverviewCharts } from '@butler/contract/overview-charts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { invoices } from '../../db/schema/index.js';
import { addDays, addMonths } from '../../domain/calendar.js';

/**
 * Decision 0651: the overview's charts, one answer aggregated in SQL: hours sold and
 * used per month from the summaries, revenue invoiced and paid per month, receivables by age;
 * money only for who sees invoices, hours only of a Butler's customers.
 */
let ctx: TestContext;
let owner: StaffMember;
let butler: StaffMember;
const today = todayInVienna();
const thisMonth = today.slice(0, 7);
const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
const ids = { mine: 0, foreign: 0 };

async function invoice(customerId: number, values: Partial<typeof invoices.$inferInsert>) {
  const [row] = await ctx.db
    .insert(invoices)
    .values({ customerId, customerName: 'Kunde', invoiceDate: today, dueDate: today, createdBy: 'test', ...values })
    .returning();
  return row;
}

let sequence = 0;
const issued = (gross: string) => {
  sequence += 1;
  return {
    status: 'sent',
    invoiceNumber: `2026-9${String(sequence).padStart(5, '0')}`,
    numberYear: 2026,
    numberSequence: 90_000 + sequence,
    totalGross: gross,
  };
};

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner');
  butler = await staffMember(ctx, 'butler');
  const mine = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Meine' });
  const foreign = await buildCustomer(ctx.db, { firstName: 'Franz', lastName: 'Fremd' });
  ids.mine = mine.id;
  ids.foreign = foreign.id;
  await ctx.db.execute(sql`INSERT INTO customer_staff (customer_id, admin_id) VALUES (${mine.id}, ${butler.id})`);
  const start = `${thisMonth}-01`;
  for (const [customer, monthly, booked, bought, fromPackage] of [
    [mine, '10', '2', '5', '1.5'],
    [foreign, '20', '4', '8', '3'],
  ] as const) {
    await buildSubscription(ctx.db, customer.id, {
      startDate: start,
      endDate: addDays(addMonths(start, 1), -1),
      durationMonths: 1,
      monthlyHours: monthly,
    });
    const project = await buildProject(ctx.db, customer.id);
    await buildTimeEntry(ctx.db, customer.id, project.id, { hours: booked, workDate: today, billingType: 'abos' });
    await buildHourPackage(ctx.db, customer.id, { hours: bought, purchaseDate: today });
    await buildTimeEntry(ctx.db, customer.id, project.id, {
      hours: fromPackage,
      workDate: today,
      billingType: 'stundenpakete',
    });
  }
  // Revenue: € 120 issued this month and paid, € 80 last month, cancelled this month by a
  // Stornorechnung of − € 80; a draft counts nowhere.
  const paid = await invoice(mine.id, { ...issued('120.00'), status: 'paid', paidAt: today, paidAmount: '120.00' });
  const cancelled = await invoice(foreign.id, {
    ...issued('80.00'),
    status: 'cancelled',
    invoiceDate: `${lastMonth}-15`,
    dueDate: `${lastMonth}-15`,
  });
  await invoice(foreign.id, { ...issued('-80.00'), kind: 'credit_note', creditNoteForId: cancelled.id });
  await invoice(mine.id, { totalGross: '999.00' });
  // Receivables: € 50 not yet due, € 70 45 days overdue.
  const notDue = await invoice(mine.id, { ...issued('50.00'), dueDate: addDays(today, 10) });
  // Paid, from the payment ledger by payment date: € 120 received, € 20 of credit paid back;
  // € 30 received and returned by the bank the same day moves nothing.
  await ctx.db.execute(sql`INSERT INTO payments (kind, customer_id, invoice_id, payment_date, amount, method, created_by)
    VALUES ('payment', ${mine.id}, ${paid.id}, ${today}, 120, 'ueberweisung', 'test')`);
  await ctx.db.execute(sql`INSERT INTO payments (kind, customer_id, payment_date, amount, method, created_by)
    VALUES ('refund', ${mine.id}, ${today}, 20, 'ueberweisung', 'test')`);
  const returned =
    await ctx.db.execute(sql`INSERT INTO payments (kind, customer_id, invoice_id, payment_date, amount, method, created_by)
    VALUES ('payment', ${mine.id}, ${notDue.id}, ${today}, 30, 'lastschrift', 'test') RETURNING id`);
  const returnedId = (returned.rows[0] as { id: number }).id;
  await ctx.db.execute(sql`INSERT INTO payments (kind, customer_id, invoice_id, reverses_id, payment_date, amount, reason, created_by)
    VALUES ('reversal', ${mine.id}, ${notDue.id}, ${returnedId}, ${today}, 30, 'MD06', 'test')`);
  await invoice(foreign.id, { ...issued('70.00'), invoiceDate: addDays(today, -60), dueDate: addDays(today, -45) });
}, 60_000);

async function charts(member: StaffMember): Promise<OverviewCharts> {
  const res = await as(ctx, member.token).get('/api/admin/overview-charts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/admin/overview-charts', () => {
  it('gives twelve months of hours sold and used, from the summaries, the current month last', async () => {
    const { hours, as_of } = await charts(owner);
    expect(as_of).toBe(today);
    expect(hours).toHaveLength(OVERVIEW_CHART_MONTHS);
    expect(hours.at(-1)).toEqual({
      month: thisMonth,
      butler_sold: 30,
      butler_used: 6,
      packages_sold: 13,
      packages_used: 4.5,
    });
    expect(hours.at(-2)?.month).toBe(lastMonth);
    expect(hours.slice(0, -1).every((m) => m.butler_sold === 0 && m.packages_used === 0)).toBe(true);
  });

  it('gives revenue invoiced and paid per month and the open receivables by age', async () => {
    const { revenue, receivables } = await charts(owner);
    const month = (m: string) => revenue!.find((r) => r.month === m);
    // 120 + 50 + 70 (issued 60 days ago: this or last month) − 80 (Storno) this month; 80 last month.
    const sixtyDaysAgo = addDays(today, -60).slice(0, 7);
    const expectedThisMonth = 120 + 50 - 80 + (sixtyDaysAgo === thisMonth ? 70 : 0);
    expect(month(thisMonth)).toEqual({ month: thisMonth, invoiced: expectedThisMonth, paid: 100 });
    expect(month(lastMonth)?.invoiced).toBe(80 + (sixtyDaysAgo === lastMonth ? 70 : 0));
    expect(revenue!.reduce((sum, r) => sum + r.invoiced, 0)).toBe(120 + 50 + 70);
    expect(receivables).toEqual([
      { bucket: 'not_due', amount: 50, invoices: 1 },
      { bucket: 'days_1_30', amount: 0, invoices: 0 },
      { bucket: 'days_31_60', amount: 70, invoices: 1 },
      { bucket: 'days_61_90', amount: 0, invoices: 0 },
      { bucket: 'days_over_90', amount: 0, invoices: 0 },
    ]);
  });

  it('shows a Butler the hours of their customers and no money', async () => {
    const body = await charts(butler);
    expect(body.revenue).toBeUndefined();
    expect(body.receivables).toBeUndefined();
    expect(body.hours.at(-1)).toMatchObject({ butler_sold: 10, butler_used: 2, packages_sold: 5, packages_used: 1.5 });
  });

  it('follows a booking at once (the cached hours belong to the data version)', async () => {
    const before = (await charts(owner)).hours.at(-1)!.butler_used;
    const [project] = (await ctx.db.execute(sql`SELECT id FROM projects WHERE customer_id = ${ids.mine} LIMIT 1`))
      .rows as Array<{ id: number }>;
    await buildTimeEntry(ctx.db, ids.mine, project.id, { hours: '0.25', workDate: today, billingType: 'abos' });
    expect((await charts(owner)).hours.at(-1)!.butler_used).toBe(before + 0.25);
  });

  it('refuses Buchhaltung (no overview), customers and anonymous callers', async () => {
    const accounting = await staffMember(ctx, 'accounting');
    expect((await as(ctx, accounting.token).get('/api/admin/overview-charts')).statusCode).toBe(403);
    const [customer] = (await ctx.db.execute(sql`SELECT email FROM customers WHERE id = ${ids.mine}`)).rows as Array<{
      email: string;
    }>;
    const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
    expect((await as(ctx, token).get('/api/admin/overview-charts')).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/admin/overview-charts' })).statusCode).toBe(401);
  });
});

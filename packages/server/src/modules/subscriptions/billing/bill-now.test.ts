import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscription } from '../../../../test/factories.js';
import { configureProvider } from '../../../../test/quickbill-helpers.js';
import { as, type StaffMember, staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { invoiceItems, invoices, mailOutbox } from '../../../db/schema/index.js';
import { setClock } from '../../../lib/clock.js';
import { billDuePeriods } from './period-billing.service.js';

// "Jetzt abrechnen" in Nächste Abrechnungen (decision 0757): what is due is billed now, exactly
// once, the invoice the daily job would make; the job then leaves it alone.

let ctx: TestContext;
let owner: StaffMember;
const address = { street: 'Herrengasse 3', postalCode: '1010', city: 'Wien' };

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await staffMember(ctx, 'owner', 'Lisa Berger');
  await configureProvider(ctx, owner.token);
  setClock('2026-12-01');
});
afterAll(() => setClock(null));

const upcoming = async () => (await as(ctx, owner.token).get('/api/quickbill/upcoming-billing?page_size=100')).json();
const billNow = (id: number, periodStart: unknown, token = owner.token) =>
  as(ctx, token).post(`/api/subscriptions/${id}/billing/bill`, { period_start: periodStart });

describe('Jetzt abrechnen', () => {
  it('bills a period due today as a draft, once; the daily job and the list leave it alone', async () => {
    const customer = await buildCustomer(ctx.db, address);
    const sub = await buildSubscription(ctx.db, customer.id, {
      templateName: 'ButlerPaket Komfort',
      monthlyHours: '9.5',
      monthlyPrice: '570',
      startDate: '2026-12-01',
      endDate: '2027-11-30',
    });
    const listed = (await upcoming()).find((u: { subscription_id: number }) => u.subscription_id === sub.id);
    expect(listed).toMatchObject({ period_start: '2026-12-01', label: 'Dezember 2026', due: true });

    const res = await billNow(sub.id, '2026-12-01');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft' });
    const id = res.json().invoice_id;
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    expect(invoice).toMatchObject({
      status: 'draft',
      subscriptionId: sub.id,
      billingMonth: '2026-12',
      servicePeriodStart: '2026-12-01',
      servicePeriodEnd: '2026-12-31',
      createdBy: 'Lisa Berger',
    });
    const [line] = await ctx.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    // The template's name carries "ButlerPaket" already; the hours have a decimal comma (decision 0758).
    expect(line.description).toBe('ButlerPaket Komfort · Dezember 2026 · 9,5 h');

    const again = await billNow(sub.id, '2026-12-01');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Dieser Zeitraum ist bereits abgerechnet oder ausgesetzt');
    const created = await billDuePeriods(ctx.db, '2026-12-01', { userType: 'system', displayName: 'Job' });
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(created).not.toContain(id);
    expect((await upcoming()).some((u: { subscription_id: number }) => u.subscription_id === sub.id)).toBe(false);
  });

  it('lists a period that started before today and was not billed yet as due', async () => {
    const customer = await buildCustomer(ctx.db, address);
    const sub = await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-11-25',
      endDate: '2027-11-24',
      billingStartsOn: '2026-11-25',
    });
    const mine = (await upcoming()).filter((u: { subscription_id: number }) => u.subscription_id === sub.id);
    expect(mine.map((u: { period_start: string; due: boolean }) => [u.period_start, u.due])).toEqual([
      ['2026-11-25', true],
      ['2026-12-25', false],
    ]);
    expect((await billNow(sub.id, '2026-11-25')).statusCode).toBe(201);
  });

  it('refuses a period not yet due, one of another ButlerPaket, and bad input, in German', async () => {
    const customer = await buildCustomer(ctx.db, address);
    const sub = await buildSubscription(ctx.db, customer.id, { startDate: '2026-12-01', endDate: '2027-11-30' });
    const early = await billNow(sub.id, '2027-01-01');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Dieser Zeitraum ist erst am 01.01.2027 fällig');
    const foreign = await billNow(sub.id, '2026-12-15');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.period_start).toBe('Dieser Zeitraum gehört nicht zu diesem ButlerPaket');
    expect((await billNow(sub.id, 'gestern')).statusCode).toBe(400);
    expect((await billNow(999_999, '2026-12-01')).statusCode).toBe(404);
    const butler = await staffMember(ctx, 'butler');
    expect((await billNow(sub.id, '2026-12-01', butler.token)).statusCode).toBe(403);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id))).toHaveLength(0);
  });

  it('issues and mails at once when ButlerPaket invoices are set to be sent', async () => {
    const settings = (await as(ctx, owner.token).get('/api/quickbill/billing-settings')).json();
    const put = await as(ctx, owner.token).put('/api/quickbill/billing-settings', {
      ...settings,
      subscription_invoice_mode: 'send',
    });
    expect(put.statusCode, put.body).toBe(200);
    const customer = await buildCustomer(ctx.db, address);
    const sub = await buildSubscription(ctx.db, customer.id, { startDate: '2026-12-01', endDate: '2027-11-30' });
    const res = await billNow(sub.id, '2026-12-01');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('sent');
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, res.json().invoice_id));
    expect(invoice.invoiceNumber).toMatch(/^2026-\d{4}$/);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entityType, 'invoice'), eq(mailOutbox.entityId, invoice.id)));
    expect(mails).toHaveLength(1);
  });
});

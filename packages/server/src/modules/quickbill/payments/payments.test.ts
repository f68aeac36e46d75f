import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { daysAgo, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { auditLog, payments } from '../../../db/schema/index.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

const dates = () => ({ invoiceDate: daysAgo(60), dueDate: daysAgo(46) });
const pay = (invoiceId: number, amount: number, extra: Record<string, unknown> = {}) =>
  ctx.request({
    method: 'POST',
    url: `/api/quickbill/invoices/${invoiceId}/payments`,
    token,
    payload: { payment_date: today(), amount, method: 'ueberweisung', ...extra },
  });
const detail = async (id: number) =>
  (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${id}`, token })).json();
const account = async (customerId: number) =>
  (await ctx.request({ method: 'GET', url: `/api/quickbill/customers/${customerId}/account`, token })).json();

describe('payments (decision 0580)', () => {
  it('a partial payment leaves the invoice "Teilweise bezahlt" with its open amount, the rest makes it paid', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '120.00', dates());
    const first = await pay(inv.id, 50, { reference: 'Überweisung Huber', note: 'erste Rate' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ received: 50, open_amount: 70, payment_state: 'partially_paid' });
    expect(await detail(inv.id)).toMatchObject({ status: 'sent', open_amount: 70, payment_state: 'partially_paid' });
    const list = await ctx.request({ method: 'GET', url: '/api/quickbill/invoices?status=partially_paid', token });
    expect(list.json().map((i: { id: number }) => i.id)).toContain(inv.id);

    const second = await pay(inv.id, 70, { method: 'bar' });
    expect(second.json()).toMatchObject({ received: 120, open_amount: 0, payment_state: 'paid' });
    expect(await detail(inv.id)).toMatchObject({ status: 'paid', paid_at: today(), open_amount: 0 });
  });

  it('removing a payment reopens the invoice and is audited with its reason', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '80.00', dates());
    const paid = (await pay(inv.id, 80)).json();
    expect(paid.payment_state).toBe('paid');
    const entryId = paid.entries[0].id;
    const removed = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/payments/${entryId}/reverse`,
      token,
      payload: { reason: 'Falsch zugeordnet' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (
      await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${inv.id}/payments`, token })
    ).json();
    expect(after).toMatchObject({ received: 0, open_amount: 80, payment_state: 'open' });
    expect(after.entries.find((e: { id: number }) => e.id === entryId)).toMatchObject({
      reversed: true,
      reversal_reason: 'Falsch zugeordnet',
    });
    expect((await detail(inv.id)).status).toBe('sent');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(inv.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['payment', 'payment-remove']));
    const again = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/payments/${entryId}/reverse`,
      token,
      payload: { reason: 'nochmal' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Diese Buchung wurde bereits entfernt');
  });

  it('an overpayment becomes credit that is applied to a later invoice or refunded, never below zero', async () => {
    const c = await buildCustomer(ctx.db);
    const first = await issuedInvoice(ctx.db, c.id, '100.00', dates());
    const later = await issuedInvoice(ctx.db, c.id, '30.00', dates());
    const over = (await pay(first.id, 150)).json();
    expect(over).toMatchObject({ open_amount: 0, payment_state: 'paid', customer_credit: 50 });
    expect(await account(c.id)).toMatchObject({ credit: 50, open_amount: 30 });

    const tooMuch = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/customers/${c.id}/credit/apply`,
      token,
      payload: { invoice_id: later.id, amount: 40 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details.amount).toBe('Der Betrag ist höher als der offene Betrag der Rechnung');
    const applied = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/customers/${c.id}/credit/apply`,
      token,
      payload: { invoice_id: later.id, amount: 30 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ credit: 20, open_amount: 0 });
    expect((await detail(later.id)).status).toBe('paid');

    const refundTooMuch = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/customers/${c.id}/credit/refund`,
      token,
      payload: { payment_date: today(), amount: 25, method: 'ueberweisung' },
    });
    expect(refundTooMuch.statusCode).toBe(409);
    // Amounts the Austrian way, as every screen shows them (`€ 20,00`, not `€ 20.00`).
    expect(refundTooMuch.json().error).toBe('Das Guthaben reicht nicht aus (verfügbar: €\u00a020,00)');
    const refunded = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/customers/${c.id}/credit/refund`,
      token,
      payload: { payment_date: today(), amount: 20, method: 'ueberweisung', reference: 'Rücküberweisung' },
    });
    expect(refunded.json()).toMatchObject({ credit: 0 });

    // The payment whose excess was spent cannot be removed any more.
    const paymentId = over.entries[0].id;
    const blocked = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/payments/${paymentId}/reverse`,
      token,
      payload: { reason: 'Test' },
    });
    expect(blocked.statusCode).toBe(409);
    expect((await account(c.id)).credit).toBe(0);
  });

  it('refuses payments on drafts, in the future, before the invoice date, and non-positive amounts', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '10.00', dates());
    const future = await pay(inv.id, 5, { payment_date: '2999-01-01' });
    expect(future.json().details.payment_date).toBe('Das Zahlungsdatum darf nicht in der Zukunft liegen');
    const early = await pay(inv.id, 5, { payment_date: daysAgo(61) });
    expect(early.json().details.payment_date).toBe('Das Zahlungsdatum darf nicht vor dem Rechnungsdatum liegen');
    const zero = await pay(inv.id, 0);
    expect(zero.statusCode).toBe(400);
    const method = await pay(inv.id, 5, { method: 'bitcoin' });
    expect(method.json().details.method).toBe('Bitte wählen Sie eine Zahlungsart');
    expect((await ctx.db.select().from(payments).where(eq(payments.invoiceId, inv.id))).length).toBe(0);
  });

  it('the ledger refuses updates and deletes in the database itself', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '10.00', dates());
    await pay(inv.id, 10);
    await expect(ctx.db.execute(sql`UPDATE payments SET amount = 1 WHERE invoice_id = ${inv.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM payments WHERE invoice_id = ${inv.id}`)).rejects.toThrow();
  });
});

describe('figures from the ledger', () => {
  it('revenue counts payments by payment date; offene Forderungen are open amounts', async () => {
    const before = (await ctx.request({ method: 'GET', url: '/api/quickbill/invoices/dashboard', token })).json();
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '200.00', dates());
    await pay(inv.id, 75);
    const after = (await ctx.request({ method: 'GET', url: '/api/quickbill/invoices/dashboard', token })).json();
    expect(Math.round((after.revenue_this_month - before.revenue_this_month) * 100)).toBe(7500);
    expect(Math.round((after.invoices_open_amount - before.invoices_open_amount) * 100)).toBe(12500);
  });

  it('Offene Posten groups open invoices by customer with ageing buckets and totals', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Ageing', lastName: 'Zyx' });
    await issuedInvoice(ctx.db, c.id, '10.00', { invoiceDate: daysAgo(10), dueDate: today() }, 'Ageing Zyx');
    await issuedInvoice(ctx.db, c.id, '20.00', { invoiceDate: daysAgo(40), dueDate: daysAgo(30) }, 'Ageing Zyx');
    await issuedInvoice(ctx.db, c.id, '40.00', { invoiceDate: daysAgo(60), dueDate: daysAgo(31) }, 'Ageing Zyx');
    await issuedInvoice(ctx.db, c.id, '80.00', { invoiceDate: daysAgo(100), dueDate: daysAgo(90) }, 'Ageing Zyx');
    const part = await issuedInvoice(
      ctx.db,
      c.id,
      '160.00',
      { invoiceDate: daysAgo(200), dueDate: daysAgo(91) },
      'Ageing Zyx',
    );
    await pay(part.id, 60);
    const res = await ctx.request({ method: 'GET', url: '/api/quickbill/open-items?search=Ageing', token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({
      not_due: 10,
      days_1_30: 20,
      days_31_60: 40,
      days_61_90: 80,
      days_over_90: 100,
      total: 250,
      invoices: 5,
    });
    expect(body.customers).toHaveLength(1);
    expect(body.customers[0].invoices.map((i: { open_amount: number }) => i.open_amount)).toEqual([
      100, 80, 40, 20, 10,
    ]);
    expect((await account(c.id)).open_amount).toBe(250);
  });
});

describe('parallel bursts (DESIGN.md convention 17)', () => {
  it('ten parallel removals of one payment: exactly one succeeds', async () => {
    const c = await buildCustomer(ctx.db);
    const inv = await issuedInvoice(ctx.db, c.id, '50.00', dates());
    const entryId = (await pay(inv.id, 50)).json().entries[0].id;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.request({
          method: 'POST',
          url: `/api/quickbill/payments/${entryId}/reverse`,
          token,
          payload: { reason: 'parallel' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const reversals = await ctx.db.select().from(payments).where(eq(payments.reversesId, entryId));
    expect(reversals).toHaveLength(1);
  });

  it('parallel refunds and credit applications never spend more credit than there is', async () => {
    const c = await buildCustomer(ctx.db);
    const paid = await issuedInvoice(ctx.db, c.id, '10.00', dates());
    const targets = await Promise.all([1, 2, 3].map(() => issuedInvoice(ctx.db, c.id, '30.00', dates())));
    await pay(paid.id, 60); // € 50 credit
    const calls = [
      ...targets.map((t) =>
        ctx.request({
          method: 'POST',
          url: `/api/quickbill/customers/${c.id}/credit/apply`,
          token,
          payload: { invoice_id: t.id, amount: 20 },
        }),
      ),
      ...[1, 2, 3].map(() =>
        ctx.request({
          method: 'POST',
          url: `/api/quickbill/customers/${c.id}/credit/refund`,
          token,
          payload: { payment_date: today(), amount: 20, method: 'bar' },
        }),
      ),
    ];
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect((await account(c.id)).credit).toBe(10);
  });
});

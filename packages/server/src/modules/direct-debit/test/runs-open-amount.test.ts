import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configureDirectDebit,
  customerWithMandate,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { buildAdmin, TEST_PASSWORD } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { mailOutbox } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { nextTargetDay } from '../../../domain/target-calendar.js';
import { todayVienna } from '../../../lib/clock.js';
import { schemaErrors } from '../../../lib/iso20022-schema.js';
import { pain008Problems } from '../pain008/pain008-checks.js';

/**
 * A partly paid invoice is collected for what is still open (decision 0720): the due list,
 * the pain.008 (InstdAmt, CtrlSum of group and file), the run's total, the customer's lounge
 * and the invoice mail all say the open amount, never the gross. The invoice PDF is fixed at
 * issue: its pre-notification keeps the amount announced then (the gross, open at the time).
 */
let ctx: TestContext;
let admin: string;
let collectionDate: string;
const de = (date: string) => date.split('-').reverse().join('.');

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureDirectDebit(ctx, admin);
  collectionDate = nextTargetDay(addDays(todayVienna(), 14));
});

const pay = async (invoiceId: number, amount: number) => {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/quickbill/invoices/${invoiceId}/payments`,
    token: admin,
    payload: { payment_date: todayVienna(), amount, method: 'ueberweisung' },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe('a partly paid invoice paid by Lastschrift', () => {
  it('is collected for its open amount in the due list, the pain.008 and the run', async () => {
    const a = await customerWithMandate(ctx, admin, 1);
    const b = await customerWithMandate(ctx, admin, 2);
    const partly = (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice;
    const whole = (await issuedSubscriptionInvoice(ctx, admin, b.customer.id, b.subscription.id)).invoice;
    // 613.57 gross; 0.10 + 0.20 + 100.00 paid, so 513.27 open (float sums of such parts drift).
    for (const amount of [0.1, 0.2, 100]) await pay(partly.id, amount);

    const due = (
      await ctx.request({ method: 'GET', url: `/api/direct-debit/due?collection_date=${collectionDate}`, token: admin })
    ).json();
    const item = (id: number) => due.items.find((i: { invoice_id: number }) => i.invoice_id === id);
    expect(item(partly.id)).toMatchObject({ amount: 513.27, blocked: null });
    expect(item(whole.id)).toMatchObject({ amount: 613.57, blocked: null });
    expect(due.file_problem).toBeNull();

    const res = await ctx.request({
      method: 'POST',
      url: '/api/direct-debit/runs',
      token: admin,
      payload: { collection_date: collectionDate, invoice_ids: [partly.id, whole.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json();
    expect(run.total).toBe(1126.84);
    expect(run.items.map((i: { invoice_id: number; amount: number }) => [i.invoice_id, i.amount])).toEqual([
      [partly.id, 513.27],
      [whole.id, 613.57],
    ]);

    const xml = (await ctx.request({ method: 'GET', url: `/api/direct-debit/runs/${run.id}/file`, token: admin })).body;
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(pain008Problems(xml)).toEqual([]);
    expect(xml).toContain('<InstdAmt Ccy="EUR">513.27</InstdAmt>');
    // The file's header and the one group (both FRST, CORE) sum what is collected.
    expect(xml.match(/<CtrlSum>1126\.84<\/CtrlSum>/g)).toHaveLength(2);
  });

  it('tells the customer and the invoice mail the open amount that will be collected', async () => {
    const c = await customerWithMandate(ctx, admin, 3);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    await pay(invoice.id, 13.57);

    const token = await ctx.login('customer', c.customer.email, TEST_PASSWORD);
    const list = await ctx.request({ method: 'GET', url: `/api/customers/${c.customer.id}/invoices`, token });
    expect(list.json()).toEqual([expect.objectContaining({ id: invoice.id, open_amount: 600 })]);

    const resent = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${invoice.id}/send`,
      token: admin,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const [mail] = await ctx.db
      .select({ html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entityType, 'invoice'), eq(mailOutbox.entityId, invoice.id)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.html.replace(/\u00a0|&nbsp;/g, ' ')).toMatch(
      new RegExp(
        `Einzug per SEPA-Lastschrift[\\s\\S]*€ 600,00 am ${de(collection!.announcedOn).replace(/\./g, '\\.')}`,
      ),
    );
    expect(mail.html).not.toContain('Zahlbar bis');
  });

  it('keeps its invoice PDF as issued: the Lastschrift notice names the amount announced then, and no more is collected', async () => {
    const c = await customerWithMandate(ctx, admin, 4);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    const pdf = async () => {
      const res = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${invoice.id}/pdf`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    const issued = await pdf();
    await pay(invoice.id, 13.57);

    // The PDF is the document as issued (§ 132 BAO, decision 0720), not drawn again after the
    // payment: its pre-notification names what was open at issue, the gross of € 613,57.
    const later = await pdf();
    expect(later.equals(issued)).toBe(true);
    expect(collection!.amount).toBe(invoice.totalGross);
    const text = await pdfText(later);
    const notice = /Der Betrag von (€ [\d.]+,\d\d) wird am (\d\d\.\d\d\.\d{4}) mit Mandatsreferenz/.exec(text);
    expect(notice?.slice(1)).toEqual(['€ 613,57', de(collection!.announcedOn)]);
    expect(text).not.toContain('€ 600,00');
    // What is collected is the open amount, less than the notice announced (the rulebook
    // forbids only more).
    const due = (
      await ctx.request({ method: 'GET', url: `/api/direct-debit/due?collection_date=${collectionDate}`, token: admin })
    ).json();
    expect(due.items.find((i: { invoice_id: number }) => i.invoice_id === invoice.id)).toMatchObject({
      amount: 600,
      blocked: null,
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOk, invoiceRow } from '../../../../test/bank-import-helpers.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { bankEntries, payments } from '../../../db/schema/index.js';
import { todayVienna } from '../../../lib/clock.js';
import { camt053 } from '../camt/camt-writer.js';

/**
 * A suggestion is read against the invoice as it is now (decision 0726): after a manual
 * payment it says the new open amount and the credit confirming would create, and confirming
 * books that credit only when staff accepted exactly it.
 */
let ctx: TestContext;
let admin: string;
const today = todayVienna();
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureProvider(ctx, admin);
});

/** An invoice of 613.57 and a suggested partial payment of 50.00 for it, as the demo has one. */
async function suggestedPartial(lastName: string) {
  const customer = await buildCustomer(ctx.db, { lastName, street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
  const draft = await createDraft(ctx, admin, customer.id);
  await sendInvoice(ctx, admin, draft.id);
  const invoice = await invoiceRow(ctx, draft.id);
  const text = `Teilzahlung Rechnung ${invoice.invoiceNumber} Rest folgt ${++n}`;
  await importOk(
    ctx,
    admin,
    `teil-${n}.xml`,
    camt053(`STALE-${n}`, [
      [{ direction: 'CRDT', date: today, bankRef: `ST-${n}`, txs: [{ cents: 5000n, name: lastName, text }] }],
    ]),
  );
  const [entry] = await ctx.db.select().from(bankEntries).where(sql`${bankEntries.remittance} = ${text}`);
  expect(entry.matchState).toBe('suggested');
  return { invoice, entry };
}

const pay = (invoiceId: number, amount: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/quickbill/invoices/${invoiceId}/payments`,
    token: admin,
    payload: { payment_date: today, amount, method: 'bar' },
  });
const listed = async (id: number) =>
  (await ctx.request({ method: 'GET', url: '/api/bank-entries?state=suggested', token: admin }))
    .json()
    .items.find((e: { id: number }) => e.id === id);
const confirm = (id: number, payload?: unknown) =>
  ctx.request({ method: 'POST', url: `/api/bank-entries/${id}/confirm`, token: admin, payload: payload as never });

describe('a bank suggestion after a manual payment', () => {
  it('says the open amount of now and the credit confirming would create', async () => {
    const { invoice, entry } = await suggestedPartial('Gruber');
    expect(await listed(entry.id)).toMatchObject({
      note: `Rechnungsnummer ${invoice.invoiceNumber}; Teilzahlung: € 50,00 von € 613,57 offen`,
      credit_on_confirm: 0,
    });
    expect((await pay(invoice.id, 565.97)).statusCode).toBe(201);
    expect(await listed(entry.id)).toMatchObject({
      note: `Rechnungsnummer ${invoice.invoiceNumber}; Überzahlung: € 50,00 statt € 47,60 (€ 2,40 werden Guthaben)`,
      credit_on_confirm: 2.4,
    });
  });

  it('books no credit nobody accepted, and exactly the one staff accepted', async () => {
    const { invoice, entry } = await suggestedPartial('Huber');
    await pay(invoice.id, 565.97);
    const silent = await confirm(entry.id);
    expect(silent.statusCode).toBe(409);
    expect(silent.json().error).toMatch(
      new RegExp(`^Rechnung ${invoice.invoiceNumber} ist nur noch mit €\\s47,60 offen: €\\s2,40 würden Guthaben von `),
    );
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    expect((await confirm(entry.id, { accept_credit: 1 })).statusCode).toBe(409);
    const accepted = await confirm(entry.id, { accept_credit: 2.4 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const account = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/customers/${invoice.customerId}/account`,
      token: admin,
    });
    expect(account.json().credit).toBe(2.4);
  });

  it('says when the invoice is paid meanwhile: the whole booking would be credit', async () => {
    const { invoice, entry } = await suggestedPartial('Wagner');
    await pay(invoice.id, 613.57);
    expect(await listed(entry.id)).toMatchObject({
      note: `Rechnung ${invoice.invoiceNumber} ist inzwischen bezahlt: Bestätigen würde € 50,00 als Guthaben buchen`,
      credit_on_confirm: 50,
    });
    expect((await confirm(entry.id)).statusCode).toBe(409);
    expect((await confirm(entry.id, { accept_credit: 50 })).statusCode).toBe(200);
  });

  it('refuses a credit to accept that is no amount, in German', async () => {
    const { entry } = await suggestedPartial('Pichler');
    const res = await confirm(entry.id, { accept_credit: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Das Guthaben darf nicht negativ sein');
  });
});

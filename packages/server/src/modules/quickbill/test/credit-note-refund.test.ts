import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { configureProvider, createDraft, pdfText, sendInvoice, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';

/** The Stornorechnung promises a refund only of what was actually paid (decision 0580). */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  await configureProvider(ctx, token);
});

async function cancelledWith(paid: number) {
  const customer = await buildCustomer(ctx.db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' });
  const draft = await createDraft(ctx, token, customer.id);
  const { invoice_number } = await sendInvoice(ctx, token, draft.id);
  if (paid > 0) {
    const res = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${draft.id}/payments`,
      token,
      payload: { payment_date: today(), amount: paid, method: 'ueberweisung' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const cancel = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const pdf = await ctx.request({
    method: 'GET',
    url: `/api/quickbill/invoices/${cancel.json().credit_note_id}/pdf`,
    token,
  });
  const account = await ctx.request({ method: 'GET', url: `/api/quickbill/customers/${customer.id}/account`, token });
  return { number: invoice_number, text: await pdfText(pdf.rawPayload), credit: account.json().credit };
}

describe('Stornorechnung', () => {
  it('of an unpaid invoice says it is no longer owed and promises no refund', async () => {
    const { number, text, credit } = await cancelledWith(0);
    expect(text).toContain(`Die Rechnung ${number} ist damit aufgehoben und nicht mehr zu bezahlen.`);
    expect(text).not.toContain('erstattet');
    expect(credit).toBe(0);
  });

  it('of a partly paid invoice promises back exactly what was paid, which becomes the customer’s credit', async () => {
    const { number, text, credit } = await cancelledWith(150);
    expect(text).toContain(`Die Rechnung ${number} ist damit aufgehoben. Von Ihnen bereits bezahlt: € 150,00.`);
    expect(text).toContain('Dieser Betrag wird Ihnen erstattet oder auf Wunsch mit künftigen Rechnungen verrechnet.');
    expect(text).not.toContain('613,57 wird Ihnen erstattet');
    expect(credit).toBe(150);
  });
});

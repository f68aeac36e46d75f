import { beforeAll, describe, expect, it } from 'vitest';
import {
  configureDirectDebit,
  customerWithMandate,
  IBANS,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { cenFatalErrors, ebInterfaceSchemaErrors } from '../../../../test/e-invoice-validators.js';
import { buildAdmin, buildSubscriptionTemplate, TEST_PASSWORD } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { addMonths } from '../../../domain/calendar.js';

let ctx: TestContext;
let admin: string;
const de = (date: string) => date.split('-').reverse().join('.');

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureDirectDebit(ctx, admin);
});

const get = (url: string) => ctx.request({ method: 'GET', url, token: admin });

describe('an invoice paid by SEPA-Lastschrift', () => {
  it('prints the pre-notification instead of bank details and no payment code', async () => {
    const c = await customerWithMandate(ctx, admin, 1);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    const text = await pdfText((await get(`/api/quickbill/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain(
      `Der Betrag von € 613,57 wird am ${de(collection!.announcedOn)} mit Mandatsreferenz ${collection!.mandateReference} und Gläubiger-ID AT88ZZZ00000000001 von Ihrem Konto AT...${IBANS[1].slice(-4)} eingezogen.`,
    );
    expect(text).not.toContain('Zahlen mit Code');
    expect(text).not.toContain('Bankverbindung');
  });

  it('tells the customer in the lounge when it is collected, instead of offering to pay', async () => {
    const c = await customerWithMandate(ctx, admin, 6);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    const token = await ctx.login('customer', c.customer.email, TEST_PASSWORD);
    const list = await ctx.request({ method: 'GET', url: `/api/customers/${c.customer.id}/invoices`, token });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: invoice.id,
        direct_debit: { collection_date: collection!.announcedOn, account: `AT...${IBANS[2].slice(-4)}` },
      }),
    ]);
  });

  it('carries payment means 59 with mandate, creditor ID and debited account in the EN 16931 XML, and the CEN rules still pass', async () => {
    const c = await customerWithMandate(ctx, admin, 2);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    const xml = (await get(`/api/quickbill/invoices/${invoice.id}/xml`)).body;
    expect(xml).toMatch(/<ram:TypeCode>59<\/ram:TypeCode>/);
    expect(xml).toContain(`<ram:DirectDebitMandateID>${collection!.mandateReference}</ram:DirectDebitMandateID>`);
    expect(xml).toContain('<ram:CreditorReferenceID>AT88ZZZ00000000001</ram:CreditorReferenceID>');
    expect(xml).toContain(`<ram:IBANID>${IBANS[2]}</ram:IBANID>`);
    expect(xml).not.toContain('PayeePartyCreditorFinancialAccount');
    expect(xml).not.toContain('PayeeTradeParty');
    expect(await cenFatalErrors(xml)).toEqual([]);
  });

  it('carries SEPADirectDebit in the ebInterface XML, valid against its schema', async () => {
    const c = await customerWithMandate(ctx, admin, 3);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    const xml = (await get(`/api/quickbill/invoices/${invoice.id}/ebinterface`)).body;
    expect(xml).toContain(
      `<SEPADirectDebit><Type>B2C</Type><IBAN>${IBANS[3]}</IBAN><CreditorID>AT88ZZZ00000000001</CreditorID><MandateReference>${collection!.mandateReference}</MandateReference><DebitCollectionDate>${collection!.announcedOn}</DebitCollectionDate></SEPADirectDebit>`,
    );
    expect(await ebInterfaceSchemaErrors(xml)).toEqual([]);
  });

  it('is not announced for a ButlerPaket paid by transfer, nor without a mandate', async () => {
    const c = await customerWithMandate(ctx, admin, 4, false);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id);
    expect(collection).toBeNull();
    const text = await pdfText((await get(`/api/quickbill/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain('Bankverbindung');
    expect(text).toContain('Zahlen mit Code');
  });

  it('needs an active mandate before a ButlerPaket can be set to Lastschrift', async () => {
    const c = await customerWithMandate(ctx, admin, 5, false);
    const template = await buildSubscriptionTemplate(ctx.db);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/subscriptions',
      token: admin,
      payload: {
        customer_id: c.customer.id,
        template_id: template.id,
        monthly_hours: 10,
        start_date: addMonths(c.subscription.startDate, 12),
        payment_method: 'lastschrift',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.payment_method).toBe(
      'SEPA-Lastschrift nur mit aktivem Mandat: Bitte erfassen Sie zuerst das SEPA-Mandat des Kunden',
    );
  });
});

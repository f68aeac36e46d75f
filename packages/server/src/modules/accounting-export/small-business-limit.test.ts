import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice, today } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let owner: string;
let customerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  owner = await ctx.login('admin', admin.username, TEST_PASSWORD);
  customerId = (await buildCustomer(ctx.db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' })).id;
  await configureProvider(ctx, owner, { small_business: true });
});

async function issue(amount: number) {
  const draft = await createDraft(ctx, owner, customerId, {
    invoice_date: today(),
    items: [{ description: 'Betreuung', quantity: 1, unit: 'Pauschale', unit_price: amount, tax_rate: 0 }],
  });
  return sendInvoice(ctx, owner, draft.id);
}

const limit = async () => {
  const res = await ctx.request({ method: 'GET', url: '/api/accounting/small-business-limit', token: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/accounting/small-business-limit', () => {
  it('follows this year’s issued invoices to the warning, and names the invoice that passes EUR 60,500', async () => {
    expect(await limit()).toMatchObject({
      applies: true,
      this_year_gross: 0,
      state: 'ok',
      limit: 55000,
      tolerance_limit: 60500,
    });

    await issue(40_000);
    expect(await limit()).toMatchObject({ this_year_gross: 40000, percent_of_limit: 72, state: 'ok' });

    await issue(4_000);
    expect(await limit()).toMatchObject({ this_year_gross: 44000, percent_of_limit: 80, state: 'warning' });

    await issue(16_000);
    expect(await limit()).toMatchObject({ this_year_gross: 60000, state: 'over_limit', crossing_invoice_number: null });

    const crossing = await issue(600);
    await issue(100);
    expect(await limit()).toMatchObject({
      this_year_gross: 60700,
      state: 'over_tolerance',
      crossing_invoice_number: crossing.invoice_number,
    });
  });
});

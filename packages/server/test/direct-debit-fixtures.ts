import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices } from '../src/db/schema/index.js';
import { addDays, addMonths } from '../src/domain/calendar.js';
import { todayVienna } from '../src/lib/clock.js';
import { findInvoiceCollection } from '../src/modules/quickbill/records/invoice-collection.js';
import { buildCustomer, buildSubscription } from './factories.js';
import { configureProvider, createDraft, sendInvoice } from './quickbill-helpers.js';
import type { TestContext } from './test-app.js';

export const SEPA_SETTINGS = {
  creditor_id: 'AT88ZZZ00000000001',
  collection_iban: 'AT61 1904 3002 3457 3201',
  collection_bic: 'BKAUATWW',
  pre_notification_days: 14,
  shorter_period_agreed: false,
  pain_version: '001.08',
};

/** Austrian IBANs with right check digits (computed, not copied). */
export const IBANS = ['AT483200000012345864', 'AT022050303300646365', 'AT611904300234573201', 'AT026000000001349870'];

export async function configureDirectDebit(ctx: TestContext, token: string, extra: Record<string, unknown> = {}) {
  await configureProvider(ctx, token);
  const res = await ctx.request({
    method: 'PUT',
    url: '/api/direct-debit/settings',
    token,
    payload: { ...SEPA_SETTINGS, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A customer with an address, a running ButlerPaket and (unless told otherwise) an active mandate. */
export async function customerWithMandate(ctx: TestContext, token: string, n: number, mandate = true) {
  const customer = await buildCustomer(ctx.db, {
    firstName: `Kunde${n}`,
    lastName: 'Größl',
    street: 'Hauptstraße 1',
    postalCode: '1010',
    city: 'Wien',
  });
  const today = todayVienna();
  const subscription = await buildSubscription(ctx.db, customer.id, {
    startDate: addMonths(today, -1),
    endDate: addDays(addMonths(today, 11), -1),
    paymentMethod: 'lastschrift',
  });
  let mandateId: number | null = null;
  if (mandate) {
    const res = await ctx.request({
      method: 'POST',
      url: `/api/customers/${customer.id}/mandates`,
      token,
      payload: { signed_on: addDays(today, -30), debtor_name: `Kunde${n} Größl`, debtor_iban: IBANS[n % IBANS.length] },
    });
    expect(res.statusCode, res.body).toBe(201);
    mandateId = res.json().id;
  }
  return { customer, subscription, mandateId };
}

/** An issued ButlerPaket invoice (gross 613.57 with the quickbill ITEMS) and the collection its issue planned. */
export async function issuedSubscriptionInvoice(
  ctx: TestContext,
  token: string,
  customerId: number,
  subscriptionId: number,
) {
  const draft = await createDraft(ctx, token, customerId);
  await ctx.db.update(invoices).set({ subscriptionId }).where(eq(invoices.id, draft.id));
  await sendInvoice(ctx, token, draft.id);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, draft.id));
  return { invoice: row, collection: await findInvoiceCollection(ctx.db, row.id) };
}

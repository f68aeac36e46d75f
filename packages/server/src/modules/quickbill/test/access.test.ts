import { beforeAll, describe, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { buildHourPackage } from '../../../../test/factories.js';
import { configureProvider, createDraft, ITEMS, today } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';

let ctx: TestContext;
let actors: Actors;
let draftId: number;
let packageId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  await configureProvider(ctx, actors.tokens.admin!);
  draftId = (await createDraft(ctx, actors.tokens.admin!, actors.customerA.id)).id;
  packageId = (await buildHourPackage(ctx.db, actors.customerA.id)).id;
});

const customersForbidden = { customerA: 403, customerB: 403 } as const;
const invoiceBody = () => ({ customer_id: actors.customerA.id, invoice_date: today(), items: ITEMS });

describe('Quickbill is admin-only: every route refuses anonymous, expired, revoked (401) and customers (403)', () => {
  const calls: Array<
    () => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; admin: number | number[] }
  > = [
    () => ({ method: 'GET', url: '/api/quickbill/invoices/dashboard', admin: 200 }),
    () => ({ method: 'GET', url: '/api/quickbill/invoices?status=overdue', admin: 200 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices?customer_id=${actors.customerA.id}`, admin: 200 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices/${draftId}`, admin: 200 }),
    () => ({ method: 'POST', url: '/api/quickbill/invoices', payload: invoiceBody(), admin: 201 }),
    () => ({ method: 'PUT', url: `/api/quickbill/invoices/${draftId}`, payload: invoiceBody(), admin: 200 }),
    () => ({ method: 'POST', url: `/api/quickbill/invoices/${draftId}/duplicate`, admin: 201 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices/${draftId}/pdf`, admin: 200 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices/${draftId}/xml`, admin: 409 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices/${draftId}/ebinterface`, admin: 409 }),
    () => ({ method: 'GET', url: `/api/quickbill/invoices/${draftId}/reminder-pdf`, admin: 409 }),
    () => ({ method: 'POST', url: `/api/quickbill/invoices/${draftId}/reminders`, admin: 409 }),
    () => ({ method: 'POST', url: `/api/quickbill/invoices/${draftId}/mark-paid`, payload: {}, admin: 409 }),
    () => ({ method: 'POST', url: '/api/quickbill/invoices/bulk-download', payload: { ids: [draftId] }, admin: 200 }),
    () => ({ method: 'POST', url: '/api/quickbill/invoices/bulk-send', payload: { ids: [999_999] }, admin: 200 }),
    () => ({ method: 'POST', url: `/api/quickbill/invoices/from-hour-package/${packageId}`, admin: [201, 409] }),
    () => ({ method: 'POST', url: '/api/quickbill/monthly-run', payload: { year: 2030, month: 1 }, admin: 200 }),
    () => ({
      method: 'GET',
      url: `/api/quickbill/billable-time-entries?customer_id=${actors.customerA.id}`,
      admin: 200,
    }),
    () => ({ method: 'GET', url: '/api/quickbill/billable-time-entries/customers', admin: 200 }),
    () => ({ method: 'GET', url: '/api/quickbill/products', admin: 200 }),
    () => ({ method: 'POST', url: '/api/quickbill/products', payload: { name: 'Test', unit_price: 1 }, admin: 201 }),
    () => ({
      method: 'PUT',
      url: '/api/quickbill/products/999999',
      payload: { name: 'Test', unit_price: 1 },
      admin: 404,
    }),
    () => ({ method: 'DELETE', url: '/api/quickbill/products/999999', admin: 404 }),
    () => ({ method: 'GET', url: '/api/quickbill/settings', admin: 200 }),
    () => ({ method: 'PUT', url: '/api/quickbill/settings', payload: { invoice_footer: 'Danke' }, admin: 200 }),
    () => ({ method: 'POST', url: '/api/quickbill/settings/logo', admin: [400, 406, 415] }),
    () => ({ method: 'GET', url: '/api/quickbill/settings/logo', admin: 404 }),
    () => ({ method: 'DELETE', url: '/api/quickbill/settings/logo', admin: 200 }),
  ];
  for (const [index, call] of calls.entries()) {
    it(`route #${index + 1}`, async () => {
      const { admin, ...request } = call();
      await expectAccess(ctx, actors, request, { ...customersForbidden, admin });
    });
  }

  it('send, cancel and delete (state-changing last)', async () => {
    // A small-amount invoice (≤ € 400) needs no recipient address (§11 Abs. 6 UStG).
    const send = await createDraft(ctx, actors.tokens.admin!, actors.customerA.id, {
      items: [{ description: 'Kleinauftrag', quantity: 1, unit: 'h', unit_price: 50, tax_rate: 20 }],
    });
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: `/api/quickbill/invoices/${send.id}/send` },
      { ...customersForbidden, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: `/api/quickbill/invoices/${send.id}/cancel` },
      { ...customersForbidden, admin: [200, 409] },
    );
    const del = await createDraft(ctx, actors.tokens.admin!, actors.customerA.id);
    await expectAccess(
      ctx,
      actors,
      { method: 'DELETE', url: `/api/quickbill/invoices/${del.id}` },
      { ...customersForbidden, admin: [200, 404] },
    );
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildHourPackage, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { hourPackages, invoices } from '../../db/schema/index.js';

/** "Verkaufen und Rechnung erstellen" and "verrechnet: 2026-0030" on the hour packages (decisions 0588 and 0646). */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

const list = async (customerId: number) =>
  (await ctx.request({ method: 'GET', url: `/api/hour-packages?customer_id=${customerId}`, token })).json();

describe('selling an hour package with its invoice', () => {
  it('creates the package and its draft in one step; the list links the invoice', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      token,
      payload: { customer_id: c.id, hours: 10, price_per_hour: 55, discount_percentage: 10, create_invoice: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sold = res.json();
    expect(sold.invoice).toEqual({ id: expect.any(Number), invoice_number: null });
    const [draft] = await ctx.db.select().from(invoices).where(eq(invoices.id, sold.invoice.id));
    expect(draft).toMatchObject({ status: 'draft', hourPackageId: sold.id, customerId: c.id, totalNet: '495.00' });
    expect((await list(c.id))[0].invoice).toEqual(sold.invoice);

    // Without the flag only the package exists.
    const plain = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      token,
      payload: { customer_id: c.id, hours: 5, price_per_hour: 50 },
    });
    expect(plain.json().invoice).toBeNull();
  });

  it('sells nothing when the invoice cannot be made (unknown customer): package and draft together or neither', async () => {
    const before = await ctx.db.select().from(hourPackages);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      token,
      payload: { customer_id: 999999, hours: 5, price_per_hour: 50, create_invoice: true },
    });
    expect(res.statusCode).toBe(404);
    expect(await ctx.db.select().from(hourPackages)).toEqual(before);
  });

  it('one live invoice per package, also when "Rechnung erstellen" is clicked five times at once', async () => {
    const c = await buildCustomer(ctx.db);
    const pkg = await buildHourPackage(ctx.db, c.id);
    const burst = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        ctx.request({ method: 'POST', url: `/api/quickbill/invoices/from-hour-package/${pkg.id}`, token }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(burst.find((r) => r.statusCode === 409)!.json().error).toBe(
      'Für dieses Stundenpaket besteht bereits eine Rechnung',
    );
    const drafts = await ctx.db.select().from(invoices).where(eq(invoices.hourPackageId, pkg.id));
    expect(drafts).toHaveLength(1);
    expect((await list(c.id))[0].invoice).toEqual({ id: drafts[0].id, invoice_number: null });
  });
});

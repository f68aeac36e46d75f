import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
} from '../../../../test/factories.js';
import { today } from '../../../../test/quickbill-helpers.js';
import { staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { addMonths } from '../../../domain/calendar.js';

/** "Zu verrechnen" lists what no package pays for, not every customer's hours (decision 0773). */

let ctx: TestContext;
let office: string;
beforeAll(async () => {
  ctx = await createTestContext();
  office = (await staffMember(ctx, 'office')).token;
});

// Quickbill counts from today (the wall clock): this month and the one before.
const thisMonth = `${today().slice(0, 7)}-01`;
const lastMonth = addMonths(thisMonth, -1);
const day = (month: string, d: number) => `${month.slice(0, 8)}${String(d).padStart(2, '0')}`;

describe('Zu verrechnen', () => {
  it('names unbilled packages, the Stundenpakete Minus and ButlerPaket overuse, and leaves out hours a package pays', async () => {
    // Inside their ButlerPaket: many hours, nothing to bill.
    const covered = await buildCustomer(ctx.db, { firstName: 'Gedeckt', lastName: 'Aaa' });
    const p1 = await buildProject(ctx.db, covered.id);
    await buildSubscription(ctx.db, covered.id, {
      startDate: lastMonth,
      endDate: addMonths(lastMonth, 12),
      monthlyHours: '20',
    });
    for (const d of [2, 9, 16])
      await buildTimeEntry(ctx.db, covered.id, p1.id, { workDate: day(lastMonth, d), hours: '4' });

    // A package sold without an invoice, and 1,75 h booked beyond the packages bought.
    const minus = await buildCustomer(ctx.db, { firstName: 'Minus', lastName: 'Bbb' });
    const p2 = await buildProject(ctx.db, minus.id);
    const sold = await buildHourPackage(ctx.db, minus.id, { hours: '5', totalPrice: '250', purchaseDate: lastMonth });
    await buildTimeEntry(ctx.db, minus.id, p2.id, {
      workDate: day(lastMonth, 3),
      hours: '6.75',
      billingType: 'stundenpakete',
    });

    // 12 h of a 10 h ButlerPaket this month: 2 h beyond it (last month's overuse would be carried).
    const over = await buildCustomer(ctx.db, { firstName: 'Mehr', lastName: 'Ccc' });
    const p3 = await buildProject(ctx.db, over.id);
    await buildSubscription(ctx.db, over.id, {
      startDate: thisMonth,
      endDate: addMonths(thisMonth, 12),
      monthlyHours: '10',
    });
    await buildTimeEntry(ctx.db, over.id, p3.id, { workDate: thisMonth, hours: '12' });

    const res = await ctx.request({ method: 'GET', url: '/api/quickbill/to-bill', token: office });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(res.json().map((c: { customer_id: number }) => [c.customer_id, c]));
    expect(byId.has(covered.id)).toBe(false);
    expect(byId.get(minus.id)).toEqual({
      customer_id: minus.id,
      customer_name: 'Minus Bbb',
      unbilled_packages: [{ id: sold.id, hours: 5, total_price: 250, purchase_date: lastMonth }],
      package_minus: 1.75,
      butler_overuse: 0,
      waiting_entries: 1,
    });
    expect(byId.get(over.id)).toMatchObject({ unbilled_packages: [], package_minus: 0, butler_overuse: 2 });

    // Once the package has its invoice it is no longer listed as unbilled.
    const draft = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/from-hour-package/${sold.id}`,
      token: office,
    });
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const after = (await ctx.request({ method: 'GET', url: '/api/quickbill/to-bill', token: office })).json();
    expect(after.find((c: { customer_id: number }) => c.customer_id === minus.id).unbilled_packages).toEqual([]);
  });
});

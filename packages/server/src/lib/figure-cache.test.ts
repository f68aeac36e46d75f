import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { createFigureCache } from './figure-cache.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('figure cache', () => {
  it('serves the cached answer until a write to an aggregated table, then recomputes', async () => {
    const cached = createFigureCache();
    let computations = 0;
    const compute = async () => {
      computations += 1;
      return computations;
    };
    expect(await cached(ctx.db, 'k', compute)).toBe(1);
    expect(await cached(ctx.db, 'k', compute)).toBe(1);

    const customer = await buildCustomer(ctx.db);
    expect(await cached(ctx.db, 'k', compute)).toBe(2);
    await buildHourPackage(ctx.db, customer.id);
    expect(await cached(ctx.db, 'k', compute)).toBe(3);
    const project = await buildProject(ctx.db, customer.id);
    expect(await cached(ctx.db, 'k', compute)).toBe(3); // projects are not aggregated
    await buildTimeEntry(ctx.db, customer.id, project.id, { billingType: 'stundenpakete' });
    expect(await cached(ctx.db, 'k', compute)).toBe(4);
    expect(await cached(ctx.db, 'other', compute)).toBe(5);
  });

  it('dashboard stats move right after a booking (no stale cache)', async () => {
    const admin = await buildAdmin(ctx.db);
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const before = (await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token })).json();
    await buildCustomer(ctx.db);
    const after = (await ctx.request({ method: 'GET', url: '/api/admin/dashboard-stats', token })).json();
    expect(after.total_customers).toBe(before.total_customers + 1);
  });
});

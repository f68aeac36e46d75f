import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { hourOffers, hourOrders, hourPackages } from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';
import { seedDemoHourShop } from './seed-hour-shop.js';

/** Decision 0850: `npm run demo` sells Stundenpakete in the lounge, with an order to pay and one paid. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  await seedDemoDocuments(ctx.app, ctx.db, today);
  line = await seedDemoHourShop(ctx.app, ctx.db, today);
}, 180_000);

describe('seedDemoHourShop', () => {
  it('offers three packages, one order waits for its payment and one paid order counts its hours', async () => {
    expect(await ctx.db.select().from(hourOffers).where(eq(hourOffers.isActive, true))).toHaveLength(3);
    const orders = await ctx.db.select().from(hourOrders);
    expect(orders.map((o) => o.state).sort()).toEqual(['awaiting_payment', 'completed']);
    const done = orders.find((o) => o.state === 'completed');
    const [pkg] = await ctx.db
      .select()
      .from(hourPackages)
      .where(eq(hourPackages.id, done?.hourPackageId ?? 0));
    expect(pkg.hours).toBe('10.00');
    expect(line).toBe(
      'Stunden nachkaufen: 3 Stundenpakete im Angebot, eine Bestellung wartet auf Zahlung, eine ist bezahlt',
    );
  });
});

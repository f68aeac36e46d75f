import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildHourPackage, buildSubscription } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, subscriptions } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { computeReferralData } from './referral-data.js';
import { onCustomerPurchase } from './referral-purchase-hook.js';
import { loadReferralSettings, saveSettings } from './referral-settings.repo.js';

let ctx: TestContext;
beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
});
afterAll(() => setClock(null));

/** Records a purchase of `customerId` and runs the hook in the same transaction, as the services do. */
const buyPackage = (customerId: number) =>
  ctx.db.transaction(async (tx) => {
    await buildHourPackage(tx as any, customerId);
    return onCustomerPurchase(tx, customerId);
  });
const subscriptionOf = async (id: number) =>
  (await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

async function referrerWith(overrides: { startDate: string; endDate: string; isActive?: boolean }) {
  const referrer = await buildCustomer(ctx.db, { firstName: 'Anna', lastName: 'Berger' });
  const sub = await buildSubscription(ctx.db, referrer.id, overrides);
  const buyer = await buildCustomer(ctx.db, { referredById: referrer.id });
  return { referrer, sub, buyer };
}

async function withSettings(change: Record<string, unknown>, run: () => Promise<void>) {
  const before = await loadReferralSettings(ctx.db);
  await saveSettings(ctx.db, { ...before, ...change });
  try {
    await run();
  } finally {
    await saveSettings(ctx.db, before);
  }
}

describe('onCustomerPurchase', () => {
  it('on the first purchase discounts the referrer’s current subscription and audits the price change', async () => {
    const { referrer, sub, buyer } = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(await buyPackage(buyer.id)).toEqual({ discount_applied: 3, referrer_name: 'Anna Berger' });
    expect(await subscriptionOf(sub.id)).toMatchObject({ monthlyPrice: '485.00', hasReferralDiscount: true });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, String(sub.id))));
    expect(audit).toMatchObject({ action: 'referral_discount', actorType: 'system', actorName: 'Empfehlungsprogramm' });
    expect(audit.changes).toMatchObject({
      monthly_price: { before: 500, after: 485 },
      has_referral_discount: { before: false, after: true },
    });
    expect((await computeReferralData(ctx.db, referrer.id)).monthly_savings_euro).toBe(15);
  });

  it('does nothing on a later purchase', async () => {
    const { sub, buyer } = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31' });
    await buildHourPackage(ctx.db, buyer.id);
    expect(await buyPackage(buyer.id)).toBeNull();
    expect((await subscriptionOf(sub.id)).monthlyPrice).toBe('500.00');
  });

  it('does nothing for a customer nobody referred', async () => {
    const loner = await buildCustomer(ctx.db);
    expect(await buyPackage(loner.id)).toBeNull();
  });

  it('leaves expired and inactive subscriptions alone (only the current one is priced)', async () => {
    const expired = await referrerWith({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(await buyPackage(expired.buyer.id)).toBeNull();
    expect((await subscriptionOf(expired.sub.id)).monthlyPrice).toBe('500.00');
    const inactive = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31', isActive: false });
    expect(await buyPackage(inactive.buyer.id)).toBeNull();
    expect((await subscriptionOf(inactive.sub.id)).hasReferralDiscount).toBe(false);
  });

  it('gives no bonus and changes no price while the programme is off', async () => {
    const { sub, buyer } = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31' });
    await withSettings({ is_active: false }, async () => {
      expect(await buyPackage(buyer.id)).toBeNull();
    });
    expect((await subscriptionOf(sub.id)).monthlyPrice).toBe('500.00');
  });

  it('caps the discount at the tier cap: 30 % per referral in tier 1 gives 25 %', async () => {
    const { sub, buyer } = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31' });
    await withSettings({ default_discount_percentage: 30 }, async () => {
      expect(await buyPackage(buyer.id)).toMatchObject({ discount_applied: 25 });
    });
    expect((await subscriptionOf(sub.id)).monthlyPrice).toBe('375.00');
  });

  it('rolls back with the purchase when the transaction fails', async () => {
    const { sub, buyer } = await referrerWith({ startDate: '2026-01-01', endDate: '2026-12-31' });
    await expect(
      ctx.db.transaction(async (tx) => {
        await buildHourPackage(tx as any, buyer.id);
        await onCustomerPurchase(tx, buyer.id);
        throw new Error('sale failed');
      }),
    ).rejects.toThrow('sale failed');
    expect((await subscriptionOf(sub.id)).monthlyPrice).toBe('500.00');
  });
});

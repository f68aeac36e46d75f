import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildHourPackage, buildSubscription } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, customers, hourPackages, subscriptions } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  actors = await createActors(ctx);
});
afterAll(() => setClock(null));

const purchase = (payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/hour-packages/referral-purchase', payload, token: actors.tokens.admin });

/** A referrer and a customer they referred. */
async function referredPair() {
  const referrer = await buildCustomer(ctx.db, { firstName: 'Anna', lastName: 'Berger' });
  const buyer = await buildCustomer(ctx.db, { firstName: 'Bruno', lastName: 'Neu', referredById: referrer.id });
  return { referrer, buyer };
}

describe('POST /api/hour-packages/referral-purchase', () => {
  it('creates the gift package with the defaults: 2 h, € 0, the default discount, flagged as referral', async () => {
    const { referrer, buyer } = await referredPair();
    const res = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode.toLowerCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customer_id: buyer.id,
      customer_name: 'Bruno Neu',
      hours: 2,
      price_per_hour: 0,
      discount_percentage: 3,
      total_price: 0,
      purchase_date: '2026-03-15',
      is_referral_discount: true,
      created_by: actors.adminUsername,
      referral_bonus: null, // the referrer has no subscription to discount
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hour_package'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit.action).toBe('create');
  });

  it('uses a custom discount and computes the total exactly: 2.5 h × € 49.99 × (1 − 12.5 %)', async () => {
    const { referrer, buyer } = await referredPair();
    const res = await purchase({
      customer_id: buyer.id,
      referral_code: referrer.referralCode,
      hours: 2.5,
      price_per_hour: 49.99,
      custom_discount_percentage: 12.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ discount_percentage: 12.5, total_price: 109.35 }); // 109.353125
    const [row] = await ctx.db.select().from(hourPackages).where(eq(hourPackages.id, res.json().id));
    expect(row.totalPrice).toBe('109.35');
    expect(row.isReferralDiscount).toBe(true);
  });

  it('ignores a created_by sent by the client', async () => {
    const { referrer, buyer } = await referredPair();
    const res = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode, created_by: 'Hacker' });
    expect(res.json().created_by).toBe(actors.adminUsername);
  });

  it('applies the referrer discount on the first purchase and answers referral_bonus', async () => {
    const { referrer, buyer } = await referredPair();
    const sub = await buildSubscription(ctx.db, referrer.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyPrice: '480',
      originalMonthlyPrice: '480',
    });
    const res = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode });
    expect(res.json().referral_bonus).toEqual({ discount_applied: 3, referrer_name: 'Anna Berger' });
    const [priced] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(priced.monthlyPrice).toBe('465.60');
    expect(priced.hasReferralDiscount).toBe(true);
  });

  it('answers no bonus when the buyer had bought before (not the first purchase)', async () => {
    const { referrer, buyer } = await referredPair();
    await buildSubscription(ctx.db, referrer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    await buildHourPackage(ctx.db, buyer.id);
    const res = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode });
    expect(res.statusCode).toBe(201);
    expect(res.json().referral_bonus).toBeNull();
  });

  it.each([
    ['an unknown code', async () => 'ZZZZ9999', 'Empfehlungsgeber nicht gefunden'],
    [
      'the code of someone who is not the referrer',
      async () => (await buildCustomer(ctx.db)).referralCode,
      'Der Empfehlungscode gehört nicht zum Empfehlungsgeber dieses Kunden',
    ],
  ])('refuses %s', async (_label, code, text) => {
    const { buyer } = await referredPair();
    const res = await purchase({ customer_id: buyer.id, referral_code: await code() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: text, details: { referral_code: text } });
    expect(await ctx.db.select().from(hourPackages).where(eq(hourPackages.customerId, buyer.id))).toHaveLength(0);
  });

  it('refuses the buyer’s own code and a buyer nobody referred', async () => {
    const loner = await buildCustomer(ctx.db);
    const own = await purchase({ customer_id: loner.id, referral_code: loner.referralCode });
    expect(own.json().error).toBe('Der eigene Empfehlungscode kann nicht verwendet werden');
    const other = await buildCustomer(ctx.db);
    const notReferred = await purchase({ customer_id: loner.id, referral_code: other.referralCode });
    expect(notReferred.statusCode).toBe(400);
    expect(notReferred.json().error).toBe(
      'Dieser Kunde wurde nicht empfohlen. Bitte hinterlegen Sie zuerst den Empfehlungsgeber.',
    );
  });

  it('requires a code and a customer', async () => {
    const { buyer } = await referredPair();
    const noCode = await purchase({ customer_id: buyer.id });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details.referral_code).toBe('Bitte geben Sie einen Empfehlungscode ein');
    const noCustomer = await purchase({ referral_code: 'ABCD2345' });
    expect(noCustomer.json().details.customer_id).toBe('Bitte wählen Sie einen Kunden aus');
    const unknown = await purchase({ customer_id: 999_999, referral_code: 'ABCD2345' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Kunde nicht gefunden');
  });

  it('validates hours, price and discount', async () => {
    const { referrer, buyer } = await referredPair();
    const base = { customer_id: buyer.id, referral_code: referrer.referralCode };
    expect((await purchase({ ...base, hours: 1.25 })).statusCode).toBe(400);
    expect((await purchase({ ...base, price_per_hour: -1 })).statusCode).toBe(400);
    const discount = await purchase({ ...base, custom_discount_percentage: 100.5 });
    expect(discount.statusCode).toBe(400);
    expect(discount.json().error).toBe('Der Rabatt muss zwischen 0 und 100 Prozent liegen');
  });

  it('gives the gift only once per customer', async () => {
    const { referrer, buyer } = await referredPair();
    expect((await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode })).statusCode).toBe(201);
    const again = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Das Empfehlungsgeschenk wurde für diesen Kunden bereits eingelöst');
  });

  it('refuses while the programme is switched off', async () => {
    const { referrer, buyer } = await referredPair();
    const settings = (
      await ctx.request({ method: 'GET', url: '/api/referral-settings', token: actors.tokens.admin })
    ).json();
    await ctx.request({
      method: 'PUT',
      url: '/api/referral-settings',
      payload: { ...settings, is_active: false },
      token: actors.tokens.admin,
    });
    const res = await purchase({ customer_id: buyer.id, referral_code: referrer.referralCode });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Das Empfehlungsprogramm ist derzeit deaktiviert');
    await ctx.request({ method: 'POST', url: '/api/referral-settings/reset', token: actors.tokens.admin });
  });

  it('is admin-only', async () => {
    const referrer = await buildCustomer(ctx.db);
    const { customerA } = actors;
    // customerA is referred by `referrer` so the admin's call succeeds.
    await ctx.db.update(customers).set({ referredById: referrer.id }).where(eq(customers.id, customerA.id));
    await expectAccess(
      ctx,
      actors,
      {
        method: 'POST',
        url: '/api/hour-packages/referral-purchase',
        payload: { customer_id: customerA.id, referral_code: referrer.referralCode },
      },
      { customerA: 403, customerB: 403, admin: 201 },
    );
  });
});

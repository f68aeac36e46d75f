import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer, buildHourPackage, buildSubscription } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, customers, subscriptions } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  actors = await createActors(ctx);
});
afterAll(() => setClock(null));

const addReferral = (customerId: number, referral_code: unknown) =>
  ctx.request({
    method: 'PUT',
    url: `/api/customers/${customerId}/add-referral`,
    payload: { referral_code } as any,
    token: actors.tokens.admin,
  });
const removeReferral = (customerId: number) =>
  ctx.request({ method: 'DELETE', url: `/api/customers/${customerId}/remove-referral`, token: actors.tokens.admin });
const overview = (customerId: number) =>
  ctx.request({ method: 'GET', url: `/api/customers/${customerId}/referrals`, token: actors.tokens.admin });
const referredById = async (id: number) =>
  (await ctx.db.select().from(customers).where(eq(customers.id, id)))[0].referredById;
const priceOf = async (subscriptionId: number) =>
  (await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];

/** A referrer with a current 10 h subscription at € 500 a month. */
async function referrerWithSubscription(firstName = 'Anna') {
  const customer = await buildCustomer(ctx.db, { firstName, lastName: 'Berger' });
  const subscription = await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { customer, subscription };
}

describe('PUT /api/customers/{id}/add-referral', () => {
  it('sets the referrer by code, case-insensitively, and audits it', async () => {
    const { customer: referrer } = await referrerWithSubscription();
    const buyer = await buildCustomer(ctx.db);
    const res = await addReferral(buyer.id, ` ${referrer.referralCode.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      referred_by_id: referrer.id,
      referrer: { id: referrer.id, name: 'Anna Berger', referral_code: referrer.referralCode },
      referral_bonus: null, // the new customer has not bought anything yet
    });
    expect(await referredById(buyer.id)).toBe(referrer.id);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(buyer.id))));
    expect(audits.map((a) => a.action)).toEqual(['add_referral']);
    expect(audits[0].changes).toEqual({ referred_by_id: { before: null, after: referrer.id } });
  });

  it('answers "Empfehlungsgeber nicht gefunden" for an unknown code', async () => {
    const buyer = await buildCustomer(ctx.db);
    const res = await addReferral(buyer.id, 'ZZZZ9999');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Empfehlungsgeber nicht gefunden',
      details: { referral_code: 'Empfehlungsgeber nicht gefunden' },
    });
    expect(await referredById(buyer.id)).toBeNull();
  });

  it('asks for a referrer when the code is missing or empty', async () => {
    const buyer = await buildCustomer(ctx.db);
    for (const code of [undefined, '', '   ']) {
      const res = await addReferral(buyer.id, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Bitte wählen Sie einen Empfehlungsgeber aus');
    }
  });

  it('never lets a customer refer themselves', async () => {
    const customer = await buildCustomer(ctx.db);
    const res = await addReferral(customer.id, customer.referralCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Ein Kunde kann sich nicht selbst empfehlen');
  });

  it('keeps an existing referrer: 409', async () => {
    const first = await buildCustomer(ctx.db);
    const second = await buildCustomer(ctx.db);
    const buyer = await buildCustomer(ctx.db, { referredById: first.id });
    const res = await addReferral(buyer.id, second.referralCode);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Dieser Kunde hat bereits einen Empfehlungsgeber');
    expect(await referredById(buyer.id)).toBe(first.id);
  });

  it('refuses mutual referrals', async () => {
    const a = await buildCustomer(ctx.db);
    const b = await buildCustomer(ctx.db, { referredById: a.id });
    const res = await addReferral(a.id, b.referralCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Zwei Kunden können sich nicht gegenseitig empfehlen');
  });

  it('answers 404 for an unknown customer', async () => {
    const referrer = await buildCustomer(ctx.db);
    const res = await addReferral(999_999, referrer.referralCode);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Kunde nicht gefunden');
  });

  it('reprices the referrer at once when the customer already bought something', async () => {
    const { customer: referrer, subscription } = await referrerWithSubscription('Clara');
    const buyer = await buildCustomer(ctx.db);
    await buildHourPackage(ctx.db, buyer.id);
    const res = await addReferral(buyer.id, referrer.referralCode);
    expect(res.json().referral_bonus).toEqual({ discount_applied: 3, referrer_name: 'Clara Berger' });
    const priced = await priceOf(subscription.id);
    expect(priced.monthlyPrice).toBe('485.00'); // 500 × (1 − 3 %)
    expect(priced.originalMonthlyPrice).toBe('500.00');
    expect(priced.hasReferralDiscount).toBe(true);
  });
});

describe('DELETE /api/customers/{id}/remove-referral', () => {
  it('clears the referrer ("Direkt registriert") and the referrer loses the discount it earned', async () => {
    const { customer: referrer, subscription } = await referrerWithSubscription();
    const buyer = await buildCustomer(ctx.db);
    await buildHourPackage(ctx.db, buyer.id);
    await addReferral(buyer.id, referrer.referralCode);
    expect((await priceOf(subscription.id)).monthlyPrice).toBe('485.00');

    const res = await removeReferral(buyer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Empfehlung entfernt' });
    expect(await referredById(buyer.id)).toBeNull();
    expect((await overview(buyer.id)).json().referred_by).toBeNull();
    const priced = await priceOf(subscription.id);
    expect(priced.monthlyPrice).toBe('500.00');
    expect(priced.hasReferralDiscount).toBe(false);
  });

  it('answers 409 when no referrer is set', async () => {
    const buyer = await buildCustomer(ctx.db);
    const res = await removeReferral(buyer.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Dieser Kunde hat keinen Empfehlungsgeber');
  });
});

describe('GET /api/customers/{id}/referrals', () => {
  it('shows the referrer, the given referrals with purchase state and the tier figures', async () => {
    const top = await buildCustomer(ctx.db, { firstName: 'Toni', lastName: 'Top' });
    const { customer: referrer } = await referrerWithSubscription('Dora');
    await ctx.db.update(customers).set({ referredById: top.id }).where(eq(customers.id, referrer.id));
    const buying = await buildCustomer(ctx.db, { firstName: 'Emil', lastName: 'Kauf', referredById: referrer.id });
    await buildSubscription(ctx.db, buying.id, { startDate: '2026-03-01', endDate: '2026-08-31', monthlyHours: '5' });
    const waiting = await buildCustomer(ctx.db, { firstName: 'Fritz', lastName: 'Warte', referredById: referrer.id });

    const res = await overview(referrer.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.referral_code).toBe(referrer.referralCode);
    expect(body.referred_by).toEqual({ id: top.id, name: 'Toni Top', referral_code: top.referralCode });
    expect(body.referrals).toEqual([
      expect.objectContaining({ id: buying.id, name: 'Emil Kauf', has_purchase: true, discount_percentage: 3 }),
      expect.objectContaining({ id: waiting.id, name: 'Fritz Warte', has_purchase: false, discount_percentage: 0 }),
    ]);
    expect(body.referral_count).toBe(2);
    expect(body.total_discount_percentage).toBe(3);
    expect(body.r_ratio).toBe(0.5); // 5 h referred / 10 h own
    expect(body.next_tier_info).toMatchObject({ current_tier: 2, next_tier: 3, additional_ref_hours_needed: 5 });
    expect(body.referral_stats).toEqual({
      total_referrals: 2,
      successful_referrals: 1,
      pending_referrals: 1,
      referral_hours: 5,
      own_hours: 10,
      discount_per_referral: 3,
      gift_text: 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung',
    });
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await overview(999_999)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('add-referral, remove-referral and the referral overview are admin-only', async () => {
    const referrer = await buildCustomer(ctx.db);
    const { customerA } = actors;
    await expectAccess(
      ctx,
      actors,
      {
        method: 'PUT',
        url: `/api/customers/${customerA.id}/add-referral`,
        payload: { referral_code: referrer.referralCode },
      },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${customerA.id}/referrals` },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'DELETE', url: `/api/customers/${customerA.id}/remove-referral` },
      {
        customerA: 403,
        customerB: 403,
        admin: 200,
      },
    );
  });
});

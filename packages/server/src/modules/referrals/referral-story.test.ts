import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { subscriptions, subscriptionTemplates } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

/**
 * The whole referral story (decision 0286) through the API: A refers B and C → B buys a ButlerPaket →
 * A's price drops and A's lounge shows savings and the next tier → C buys hours → more.
 */
let ctx: TestContext;
let admin: string;
let templateId: number;
beforeAll(async () => {
  setClock('2026-03-15');
  ctx = await createTestContext();
  const user = await buildAdmin(ctx.db, { username: 'chefin' });
  admin = await ctx.login('admin', user.username, TEST_PASSWORD);
  const [template] = await ctx.db
    .insert(subscriptionTemplates)
    .values({ name: 'Classic', durationMonths: 12, pricePerHour: '50' })
    .returning();
  templateId = template.id;
});
afterAll(() => setClock(null));

const sell = (customerId: number, monthlyHours: number) =>
  ctx.request({
    method: 'POST',
    url: '/api/subscriptions',
    payload: {
      customer_id: customerId,
      template_id: templateId,
      monthly_hours: monthlyHours,
      start_date: '2026-03-01',
    },
    token: admin,
  });

describe('referral story', () => {
  it('A refers B → B buys → A saves and sees the next tier; C buys → the discount grows', async () => {
    const anna = await buildCustomer(ctx.db, { firstName: 'Anna', lastName: 'Berger' });
    const bernd = await buildCustomer(ctx.db, { firstName: 'Bernd', lastName: 'Neu' });
    const clara = await buildCustomer(ctx.db, { firstName: 'Clara', lastName: 'Klein', referredById: anna.id });

    const own = await sell(anna.id, 10); // € 500 a month
    expect(own.statusCode).toBe(201);
    expect(own.json().referral_bonus).toBeUndefined(); // Anna was referred by nobody

    const link = await ctx.request({
      method: 'PUT',
      url: `/api/customers/${bernd.id}/add-referral`,
      payload: { referral_code: anna.referralCode.toLowerCase() },
      token: admin,
    });
    expect(link.statusCode).toBe(200);

    // Bernd's first purchase: Anna's price follows 1 × 3 %.
    const bought = await sell(bernd.id, 5);
    expect(bought.statusCode).toBe(201);
    expect(bought.json().referral_bonus).toEqual({ discount_applied: 3, referrer_name: 'Anna Berger' });
    const [annaSub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, anna.id));
    expect(annaSub).toMatchObject({
      monthlyPrice: '485.00',
      originalMonthlyPrice: '500.00',
      hasReferralDiscount: true,
    });

    // Anna's lounge.
    const annaToken = await ctx.login('customer', anna.email, TEST_PASSWORD);
    const dashboard = await ctx.request({
      method: 'GET',
      url: `/api/customers/${anna.id}/dashboard`,
      token: annaToken,
    });
    expect(dashboard.statusCode).toBe(200);
    const data = dashboard.json().referral_data;
    expect(data).toMatchObject({
      referral_count: 2,
      total_discount_percentage: 3,
      monthly_savings_euro: 15,
      total_referral_savings_euro: 180, // € 15 × the 12 months of Anna's term
      r_ratio: 0.5, // Bernd's 5 h / Anna's 10 h: exactly threshold 1
      referral_program_enabled: true,
      next_tier_info: {
        current_tier: 2,
        current_cap: 50,
        next_tier: 3,
        next_cap: 80,
        next_threshold: 1,
        additional_ref_hours_needed: 5,
      },
    });
    // In signup order (Bernd's account is older than Clara's). Of the people she referred Anna
    // sees the first name and whether the referral counts for her discount, nothing else of
    // theirs: no address, surname or sign-up date (Art. 15(4) DSGVO; decision 0503).
    expect(data.referrals).toEqual([
      { first_name: 'Bernd', counts_for_discount: true, discount_percentage: 3 },
      { first_name: 'Clara', counts_for_discount: false, discount_percentage: 0 },
    ]);
    for (const other of [bernd.email, clara.email, 'Neu', 'Klein']) expect(dashboard.body).not.toContain(other);
    expect(dashboard.json().referral_stats).toMatchObject({ total_referrals: 2, successful_referrals: 1 });

    // Bernd's second purchase earns nothing more.
    const again = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      payload: { customer_id: bernd.id, hours: 5, price_per_hour: 50 },
      token: admin,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().referral_bonus).toBeUndefined();

    // Clara's first purchase (her referral gift): 2 × 3 % = 6 %.
    const gift = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages/referral-purchase',
      payload: { customer_id: clara.id, referral_code: anna.referralCode },
      token: admin,
    });
    expect(gift.statusCode).toBe(201);
    expect(gift.json().referral_bonus).toEqual({ discount_applied: 6, referrer_name: 'Anna Berger' });
    const [repriced] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, anna.id));
    expect(repriced.monthlyPrice).toBe('470.00');

    // The admin's Empfehlungen card of Anna, and of Bernd (referred by Anna).
    const card = (
      await ctx.request({ method: 'GET', url: `/api/customers/${anna.id}/referrals`, token: admin })
    ).json();
    expect(card).toMatchObject({ referred_by: null, total_discount_percentage: 6, monthly_savings_euro: 30 });
    expect(card.referrals.map((r: { has_purchase: boolean }) => r.has_purchase)).toEqual([true, true]);
    const berndCard = (
      await ctx.request({ method: 'GET', url: `/api/customers/${bernd.id}/referrals`, token: admin })
    ).json();
    expect(berndCard.referred_by).toEqual({ id: anna.id, name: 'Anna Berger', referral_code: anna.referralCode });
  });

  it("the lounge's teaser figure follows the programme's discount, and is 0 while it is off", async () => {
    const dora = await buildCustomer(ctx.db, { firstName: 'Dora', lastName: 'Solo' });
    const doraToken = await ctx.login('customer', dora.email, TEST_PASSWORD);
    const discountPerReferral = async () =>
      (await ctx.request({ method: 'GET', url: `/api/customers/${dora.id}/dashboard`, token: doraToken })).json()
        .referral_stats.discount_per_referral;
    const settings = (await ctx.request({ method: 'GET', url: '/api/referral-settings', token: admin })).json();
    expect(await discountPerReferral()).toBe(3);

    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/referral-settings',
      payload: { ...settings, default_discount_percentage: 4.5 },
      token: admin,
    });
    expect(saved.statusCode).toBe(200);
    expect(await discountPerReferral()).toBe(4.5);

    await ctx.request({
      method: 'PUT',
      url: '/api/referral-settings',
      payload: { ...settings, default_discount_percentage: 4.5, is_active: false },
      token: admin,
    });
    expect(await discountPerReferral()).toBe(0);
  });

  it('a referrer who buys a new ButlerPaket gets it at the discounted price; edits keep it in step', async () => {
    const emma = await buildCustomer(ctx.db, { firstName: 'Emma', lastName: 'Werber' });
    const friend = await buildCustomer(ctx.db, { firstName: 'Felix', lastName: 'Freund', referredById: emma.id });
    const buy = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      payload: { customer_id: friend.id, hours: 4, price_per_hour: 50 },
      token: admin,
    });
    expect(buy.statusCode).toBe(201); // Emma: one successful referral, nothing to reprice yet

    const settings = (await ctx.request({ method: 'GET', url: '/api/referral-settings', token: admin })).json();
    await ctx.request({
      method: 'PUT',
      url: '/api/referral-settings',
      payload: { ...settings, default_discount_percentage: 3, is_active: true },
      token: admin,
    });
    const sold = await sell(emma.id, 10); // € 500 before the discount; tier 1 (cap 25 %) → 3 %
    expect(sold.statusCode).toBe(201);
    expect(sold.json()).toMatchObject({ monthly_price: 485, original_monthly_price: 500, has_referral_discount: true });

    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/subscriptions/${sold.json().id}`,
      payload: { template_id: templateId, monthly_hours: 20, start_date: '2026-03-01' },
      token: admin,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ monthly_price: 970, original_monthly_price: 1000 });
  });
});

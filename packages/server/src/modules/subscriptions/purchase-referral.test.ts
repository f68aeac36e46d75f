import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildSubscription,
  buildSubscriptionTemplate,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { subscriptions } from '../../db/schema/index.js';
import { addDays, addMonths } from '../../domain/calendar.js';

let ctx: TestContext;
let admin: string;
let templateId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', a.username, TEST_PASSWORD);
  templateId = (await buildSubscriptionTemplate(ctx.db)).id;
});

/** A referrer with a ButlerPaket running today. */
async function referrerWithPaket(firstName: string) {
  const referrer = await buildCustomer(ctx.db, { firstName, lastName: 'Empfiehlt' });
  const start = addMonths(todayInVienna(), -1);
  const paket = await buildSubscription(ctx.db, referrer.id, {
    startDate: start,
    endDate: addDays(addMonths(start, 12), -1),
  });
  return { referrer, paket };
}

describe('referral bonus on a referred customer’s first purchase', () => {
  it('a first ButlerPaket answers referral_bonus and discounts the referrer; the next purchase does not', async () => {
    const { referrer, paket } = await referrerWithPaket('Rosa');
    const buyer = await buildCustomer(ctx.db, { referredById: referrer.id });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/subscriptions',
      token: admin,
      payload: { customer_id: buyer.id, template_id: templateId, monthly_hours: 10, start_date: todayInVienna() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().referral_bonus).toMatchObject({ referrer_name: 'Rosa Empfiehlt' });
    expect(res.json().referral_bonus.discount_applied).toBeGreaterThan(0);
    const [discounted] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, paket.id));
    expect(discounted.hasReferralDiscount).toBe(true);
    expect(Number(discounted.monthlyPrice)).toBeLessThan(Number(discounted.originalMonthlyPrice));

    const second = await ctx.request({
      method: 'POST',
      url: `/api/customers/${buyer.id}/hour-packages`,
      token: admin,
      payload: { hours: 2, price_per_hour: 50 },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).not.toHaveProperty('referral_bonus');
  });

  it('a first hour package also earns the bonus; a customer without referrer gets none', async () => {
    const { referrer } = await referrerWithPaket('Richard');
    const buyer = await buildCustomer(ctx.db, { referredById: referrer.id });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/hour-packages',
      token: admin,
      payload: { customer_id: buyer.id, hours: 5, price_per_hour: 50 },
    });
    expect(res.json().referral_bonus).toMatchObject({ referrer_name: 'Richard Empfiehlt' });

    const loner = await buildCustomer(ctx.db);
    const plain = await ctx.request({
      method: 'POST',
      url: '/api/subscriptions',
      token: admin,
      payload: { customer_id: loner.id, template_id: templateId, monthly_hours: 10, start_date: '2026-01-01' },
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).not.toHaveProperty('referral_bonus');
  });
});

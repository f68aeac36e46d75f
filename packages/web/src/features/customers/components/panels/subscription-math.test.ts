import { describe, expect, it } from 'vitest';
import { subscriptionMonthlyPrice } from './subscription-math';

// subscriptionEndDate's cases live with the function in contract/src/subscription-periods.test.ts.
describe('subscriptionMonthlyPrice (monthly hours × price per hour, to the cent)', () => {
  it('computes in cents', () => {
    expect(subscriptionMonthlyPrice(10, 50)).toBe(500);
    expect(subscriptionMonthlyPrice(2.5, 49.9)).toBe(124.75);
    expect(subscriptionMonthlyPrice(0.25, 0.1)).toBe(0.03);
  });
});

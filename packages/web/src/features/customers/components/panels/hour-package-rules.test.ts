import { HOUR_PACKAGE_EDIT_REQUIRED, HOUR_PACKAGE_REQUIRED } from '@butler/contract/hour-packages';
import { describe, expect, it } from 'vitest';
import { hourPackageBody, hourPackageProblems, hourPackageStart, packageTotal } from './hour-package-rules';

describe('hour package dialog (SPEC §5)', () => {
  it('total = hours × price × (1 − discount), to the cent', () => {
    expect(packageTotal(10, 80, 0)).toBe(800);
    expect(packageTotal(10, 80, 15)).toBe(680);
    expect(packageTotal(2.5, 79.9, 3)).toBe(193.76); // 199.75 × 0.97 = 193.7575
    expect(packageTotal(null, 80, null)).toBe(0);
  });

  it('a new package starts with the default price and no discount', () => {
    const start = hourPackageStart(null, 4);
    expect(start).toMatchObject({ customer: 4, hours: '', discount: 0 });
    expect(Number(start.price)).toBeGreaterThan(0);
  });

  it('needs customer, hours and a price, in the sentence of create or edit', () => {
    const empty = { customer: null, hours: 0, price: '', discount: 0 };
    expect(hourPackageProblems(empty, false)).toEqual({
      customer: HOUR_PACKAGE_REQUIRED,
      hours: HOUR_PACKAGE_REQUIRED,
      price: HOUR_PACKAGE_REQUIRED,
    });
    expect(hourPackageProblems({ ...empty, customer: 1, hours: 5, price: 0 }, true)).toEqual({});
    expect(hourPackageProblems({ ...empty, customer: 1, price: 80 }, true)).toEqual({
      hours: HOUR_PACKAGE_EDIT_REQUIRED,
    });
  });

  it('sends an empty discount as 0', () => {
    expect(hourPackageBody({ customer: 1, hours: '5', price: '80', discount: '' })).toEqual({
      hours: 5,
      price_per_hour: 80,
      discount_percentage: 0,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { balanceTone, deductedHours, MINUS, packageGauge, signedHours, subscriptionGauge } from './hours';

describe('subscriptionGauge (SPEC §4 subscription ring, the usable figure of decision 0742)', () => {
  it('shows the usable hours and their share of the month', () => {
    expect(subscriptionGauge(10, 7)).toEqual({ overused: false, ringValue: 70, amount: 7 });
    expect(subscriptionGauge(10, 0)).toEqual({ overused: false, ringValue: 0, amount: 0 });
  });

  it("after overused months shows what is usable, not the month's rest", () => {
    // 18,50 h this month, 0,75 h used, 17,25 h overused before: 0,50 h, not 17,75 h.
    expect(subscriptionGauge(18.5, 0.5)).toMatchObject({ overused: false, amount: 0.5 });
    expect(subscriptionGauge(18.5, 0.5).ringValue).toBeCloseTo(2.7, 1);
  });

  it('switches to the overuse below 0 with a full ring, and caps a large carry-over at a full ring', () => {
    expect(subscriptionGauge(10, -1.5)).toEqual({ overused: true, ringValue: 100, amount: 1.5 });
    expect(subscriptionGauge(10, 12)).toEqual({ overused: false, ringValue: 100, amount: 12 });
    expect(subscriptionGauge(0, 0)).toEqual({ overused: false, ringValue: 0, amount: 0 });
  });
});

describe('packageGauge (SPEC §4 hour-package ring)', () => {
  it('fills the used share and caps it at 100', () => {
    expect(packageGauge(5, 2, 3)).toEqual({ ringValue: 40, minus: false, remaining: 3 });
    expect(packageGauge(5, 6, -1)).toEqual({ ringValue: 100, minus: true, remaining: -1 });
  });

  it('is empty when nothing was purchased, and Minus when hours were booked anyway', () => {
    expect(packageGauge(0, 2, -2)).toEqual({ ringValue: 0, minus: true, remaining: -2 });
  });
});

describe('signed and deducted hours', () => {
  it('marks balances with +, minus or nothing at zero', () => {
    expect(signedHours(7)).toBe('+7,00 h');
    expect(signedHours(-2)).toBe(`${MINUS}2,00 h`);
    expect(signedHours(0)).toBe('0,00 h');
    expect(signedHours(-0.001)).toBe('0,00 h');
  });

  it('gives the tone of a balance for its colour', () => {
    expect([balanceTone(0.25), balanceTone(-0.25), balanceTone(0)]).toEqual(['positive', 'negative', 'neutral']);
  });

  it('shows a booking as a deduction and a correction that gives hours back as a plus (decision 0801)', () => {
    expect(deductedHours(2.5)).toBe(`${MINUS}2,50 h`);
    expect(deductedHours(-0.75)).toBe('+0,75 h');
  });
});
